import { z } from 'zod';
import { Flag01, formId, parseIdList } from './admin-fields';
import { messages } from './messages';
import { UserType } from './roles';

const m = messages.people;

/** A venue location as offered on the user form (checkbox options). */
export const LocationOption = z.object({ id: z.number().int(), name: z.string(), fullName: z.string() });
export type LocationOption = z.infer<typeof LocationOption>;

/** A user as the People screens show it (spec section 3, "User"). The password is never sent. */
export const Person = z.object({
  id: z.number().int(),
  name: z.string(),
  initials: z.string(),
  phone: z.string(),
  email: z.string(),
  user: z.string(),
  /** Always '' (DESIGN.md section 7 deviation: passwords are never shown; admins set a new one). */
  pass: z.literal(''),
  confirmPass: z.literal(''),
  /** Assigned location ids as the checkbox widget keeps them: ",1,3,". */
  locations: z.string(),
  /** Names of the assigned locations, for the list. */
  locationList: z.string(),
  admin: Flag01,
  manager: Flag01,
  supervisor: Flag01,
  userType: UserType,
  twoFactor: Flag01,
  languageCode: z.string(),
});
export type Person = z.infer<typeof Person>;

export const PeopleListResponse = z.object({ people: z.array(Person), locationList: z.array(LocationOption) });
export type PeopleListResponse = z.infer<typeof PeopleListResponse>;

export const PersonResponse = z.object({ person: Person, locationList: z.array(LocationOption) });
export type PersonResponse = z.infer<typeof PersonResponse>;

/** Languages the app speaks (DESIGN.md section 2: English first, Spanish second). */
export const languageCodes = ['en', 'es'] as const;

/**
 * A field of the user form that may be left out: on edit, a field not sent keeps its value (issue
 * 14: `savePeople` with a partial `postData` changes only what is sent). Sent as null or '' it is
 * blank. Left out it stays undefined here; the service keeps the stored value (or, on add, blank).
 */
const sentText = (max = 500) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null ? '' : String(v).trim()))
    .pipe(
      z
        .string()
        .max(max, { error: `Keep this under ${max} characters.` })
        .optional(),
    );

/**
 * The user form (spec section 5). Add: name, initials, username, password and confirmation.
 * Edit: the same, but the password is optional and a missing confirmation counts only when a
 * password was typed; a field left out of the post keeps its value (only a sent blank is an
 * error). Messages concatenate in the spec's order.
 */
export const PersonForm = z
  .object({
    id: formId,
    name: sentText(200),
    initials: sentText(10),
    phone: sentText(50),
    email: sentText(200),
    user: sentText(100),
    pass: z
      .union([z.string(), z.null()])
      .optional()
      .transform((v) => v ?? '')
      .pipe(z.string().max(200)),
    confirmPass: z
      .union([z.string(), z.null()])
      .optional()
      .transform((v) => v ?? '')
      .pipe(z.string().max(200)),
    locations: sentText(2000).transform((v) => (v === undefined ? undefined : parseIdList(v))),
    admin: sentText(1),
    manager: sentText(1),
    supervisor: sentText(1),
    userType: sentText(1),
    twoFactor: sentText(1),
    languageCode: sentText(10),
  })
  .superRefine((d, ctx) => {
    const add = d.id === 0;
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    // On add every field counts; on edit only a field that was sent.
    const blank = (v: string | undefined) => (add || v !== undefined) && !v;
    if (blank(d.name)) issue(m.nameBlank, 'name');
    if (blank(d.initials)) issue(m.initialsBlank, 'initials');
    if (blank(d.user)) issue(m.usernameBlank, 'user');
    if (add && !d.pass) issue(m.passwordBlank, 'pass');
    if (d.pass || add) {
      if (!d.confirmPass) issue(m.confirmBlank, 'confirmPass');
      else if (d.pass !== d.confirmPass) issue(m.passwordsDiffer, 'confirmPass');
    }
    if (d.user && !/^[A-Za-z0-9._@-]+$/.test(d.user))
      issue('A username has letters, digits, dots, dashes or @ only, without spaces.', 'user');
    if (d.pass && d.pass.length < 8) issue('A password needs at least 8 characters.', 'pass');
    if (d.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(d.email)) issue('Check the e-mail address.', 'email');
    if (d.languageCode && !(languageCodes as readonly string[]).includes(d.languageCode))
      issue('Choose English or Spanish.', 'languageCode');
  })
  .transform((d) => {
    const add = d.id === 0;
    // The role is decided only when a flag or userType was sent (always on add).
    const roleSent = [d.admin, d.supervisor, d.manager, d.userType].some((v) => v !== undefined);
    return {
      ...d,
      /** The flags decide the type (admin wins, then supervisor, then manager); userType is the fallback. */
      userType:
        add || roleSent
          ? userTypeFromFlags({
              admin: d.admin ?? '',
              supervisor: d.supervisor ?? '',
              manager: d.manager ?? '',
              userType: d.userType ?? '',
            })
          : undefined,
      twoFactor: d.twoFactor === undefined ? undefined : d.twoFactor === '1',
      languageCode: d.languageCode === undefined ? undefined : d.languageCode || 'en',
    };
  });
export type PersonFormInput = z.input<typeof PersonForm>;
export type PersonFormData = z.output<typeof PersonForm>;

export function userTypeFromFlags(d: {
  admin: string;
  supervisor: string;
  manager: string;
  userType: string;
}): UserType {
  if (d.admin === '1') return 'A';
  if (d.supervisor === '1') return 'S';
  if (d.manager === '1') return 'M';
  // Flags sent (even all '0') decide; a caller that sends only userType gets that type.
  if (d.admin || d.supervisor || d.manager) return 'U';
  const parsed = UserType.safeParse(d.userType);
  return parsed.success ? parsed.data : 'U';
}

export function flagsFor(userType: UserType) {
  return {
    admin: userType === 'A' ? '1' : '0',
    supervisor: userType === 'S' ? '1' : '0',
    manager: userType === 'M' ? '1' : '0',
  } as const;
}

/** Who may create or edit whom (DESIGN.md section 8): A everyone, S users and managers, M users. */
export function manageableTypes(editor: UserType): readonly UserType[] {
  switch (editor) {
    case 'A':
      return ['A', 'S', 'M', 'U'];
    case 'S':
      return ['M', 'U'];
    case 'M':
      return ['U'];
    default:
      return [];
  }
}

export const SavePeopleBody = z.object({ postData: PersonForm });
export type SavePeopleBody = z.infer<typeof SavePeopleBody>;

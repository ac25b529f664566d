import { z } from 'zod';
import { Flag01, addId, addOrEdit, editId, filledText, orBlank, parseIdList } from './admin-fields';
import type { CodeRule } from './common';
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
const sentText = (max = 500, format?: { pattern: RegExp; error: string }) => {
  const text = z.string().max(max, { error: `Keep this under ${max} characters.` });
  return (format ? text.regex(orBlank(format.pattern), { error: format.error }) : text)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null ? '' : v.trim()));
};
/** Sent on add; on edit only when it changes, and then not blank. */
const filled = (max: number, blank: string, format?: { pattern: RegExp; error: string }) => ({
  add: filledText(max, blank, format),
  edit: filledText(max, blank, format).optional(),
});
/** A role flag: '1' on, '0' or '' off (the flags sent decide the type; see userTypeFromFlags). */
const roleFlag = z
  .union([z.enum(['', '0', '1']), z.literal(0), z.literal(1), z.null()], { error: 'Flags are 0 or 1.' })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null ? '' : String(v)));
const passwordError = 'A password needs at least 8 characters.';

const personFields = {
  phone: sentText(50),
  email: sentText(200, { pattern: /[^\s@]+@[^\s@]+\.[^\s@]+/, error: 'Check the e-mail address.' }),
  locations: z
    .string({ error: 'Locations are a comma list of ids.' })
    .max(2000, { error: 'Keep this under 2000 characters.' })
    .regex(/^[\s,\d]*$/, { error: 'Locations are a comma list of ids.' })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : parseIdList(v ?? ''))),
  admin: roleFlag,
  manager: roleFlag,
  supervisor: roleFlag,
  userType: z
    .enum(['', ...UserType.options], { error: 'The user type is one of A, S, M, U.' })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : (v ?? ''))),
  twoFactor: roleFlag,
  languageCode: z
    .enum(['', ...languageCodes], { error: 'Choose English or Spanish.' })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : (v ?? ''))),
};
const name = filled(200, m.nameBlank);
const initials = filled(10, m.initialsBlank);
const user = filled(100, m.usernameBlank, {
  pattern: /[A-Za-z0-9._@-]+/,
  error: 'A username has letters, digits, dots, dashes or @ only, without spaces.',
});

/** Rules joining two fields (not in the document's schemas): checked here, listed for the document. */
export const personCodeRules: CodeRule[] = [
  { rule: 'confirmPass is sent, and equals pass, whenever pass is', message: m.confirmBlank },
  { rule: 'confirmPass equals pass', message: m.passwordsDiffer },
];

/** The confirmation: on add always, on edit once a password was typed. */
const confirmed = (d: { pass?: unknown; confirmPass?: unknown }, ctx: z.RefinementCtx) => {
  const pass = typeof d.pass === 'string' ? d.pass : '';
  const confirm = typeof d.confirmPass === 'string' ? d.confirmPass : '';
  if (!pass) return;
  if (!confirm) ctx.addIssue({ code: 'custom', message: m.confirmBlank, path: ['confirmPass'] });
  else if (pass !== confirm) ctx.addIssue({ code: 'custom', message: m.passwordsDiffer, path: ['confirmPass'] });
};

/**
 * The user form (spec section 5). Add: name, initials, username, password and confirmation.
 * Edit: the same, but the password is optional and a missing confirmation counts only when a
 * password was typed; a field left out of the post keeps its value (only a sent blank is an
 * error). Messages come in the spec's order.
 */
export const PersonForm = addOrEdit(
  z
    .object({
      id: addId,
      name: name.add,
      initials: initials.add,
      user: user.add,
      // A password is not trimmed: its spaces count.
      pass: z
        .string({ error: m.passwordBlank })
        .max(200)
        .min(8, { error: (iss) => (iss.input === '' ? m.passwordBlank : passwordError) }),
      confirmPass: z.string({ error: m.confirmBlank }).max(200).min(1, { error: m.confirmBlank }),
      ...personFields,
    })
    .superRefine(confirmed),
  z
    .object({
      id: editId,
      name: name.edit,
      initials: initials.edit,
      user: user.edit,
      pass: z
        .string()
        .max(200)
        .regex(/^(?:|[\s\S]{8,})$/, { error: passwordError })
        .nullable()
        .optional()
        .transform((v) => v ?? ''),
      confirmPass: z
        .string()
        .max(200)
        .nullable()
        .optional()
        .transform((v) => v ?? ''),
      ...personFields,
    })
    .superRefine(confirmed),
).transform((d) => {
  const add = typeof d.id !== 'number';
  // The role is decided only when a flag or userType was sent (always on add).
  const roleSent = [d.admin, d.supervisor, d.manager, d.userType].some((v) => v !== undefined);
  return {
    ...d,
    id: typeof d.id === 'number' ? d.id : 0,
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

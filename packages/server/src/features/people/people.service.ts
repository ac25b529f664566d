import { formatIdList } from '@sandbar/contract/admin-fields';
import { messages } from '@sandbar/contract/messages';
import {
  type LocationOption,
  type PeopleListResponse,
  type Person,
  type PersonFormData,
  type PersonResponse,
  flagsFor,
  manageableTypes,
} from '@sandbar/contract/people';
import type { UserType } from '@sandbar/contract/roles';
import type { AppDeps } from '../../platform/deps';
import type { UsersTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { isUniqueViolation } from '../../db/errors';
import { type SessionUser, sessionsEnded, usersChanged } from '../auth/auth.service';
import * as repo from './people.repository';

type UserRow = Selectable<UsersTable>;

function toPerson(u: UserRow, locationIds: number[], names: Map<number, string>): Person {
  return {
    id: u.id,
    name: u.name,
    initials: u.initials,
    phone: u.phone,
    email: u.email,
    user: u.username,
    pass: '',
    confirmPass: '',
    locations: formatIdList(locationIds),
    locationList: locationIds
      .map((id) => names.get(id))
      .filter(Boolean)
      .join(', '),
    ...flagsFor(u.user_type),
    userType: u.user_type,
    twoFactor: u.two_factor ? '1' : '0',
    languageCode: u.language_code,
  };
}

/** Locations an editor may hand out: admins any, others only their own (DESIGN.md section 4). */
async function assignableLocations(deps: AppDeps, editor: SessionUser): Promise<LocationOption[]> {
  const all = await repo.allLocations(deps.db);
  const options = all.map((l) => ({ id: l.id, name: l.name, fullName: l.full_name }));
  if (editor.userType === 'A') return options;
  const own = new Set((await repo.locationIdsByUser(deps.db, [editor.id])).get(editor.id) ?? []);
  return options.filter((o) => own.has(o.id));
}

async function locationNames(deps: AppDeps): Promise<Map<number, string>> {
  return new Map((await repo.allLocations(deps.db)).map((l) => [l.id, l.name]));
}

/** GET /getPeopleList: the users this editor may manage (A all, S users and managers, M users). */
export async function listPeople(deps: AppDeps, editor: SessionUser): Promise<PeopleListResponse> {
  const users = await repo.listUsers(deps.db, manageableTypes(editor.userType));
  const locs = await repo.locationIdsByUser(
    deps.db,
    users.map((u) => u.id),
  );
  const names = await locationNames(deps);
  return {
    people: users.map((u) => toPerson(u, locs.get(u.id) ?? [], names)),
    locationList: await assignableLocations(deps, editor),
  };
}

async function manageableUser(deps: AppDeps, editor: SessionUser, id: number): Promise<UserRow> {
  const user = await repo.findActiveUser(deps.db, id);
  if (!user) throw notFound('That user does not exist.');
  if (!manageableTypes(editor.userType).includes(user.user_type))
    throw forbidden('Your role does not allow you to manage this user.');
  return user;
}

/** GET /getPeopleList/{id}. */
export async function getPerson(deps: AppDeps, editor: SessionUser, id: number): Promise<PersonResponse> {
  const user = await manageableUser(deps, editor, id);
  const locs = await repo.locationIdsByUser(deps.db, [id]);
  return {
    person: toPerson(user, locs.get(id) ?? [], await locationNames(deps)),
    locationList: await assignableLocations(deps, editor),
  };
}

/**
 * POST /savePeople: add (no id) or edit. Refuses with 403 any escalation: creating, editing or
 * promoting a user to a type the editor may not manage, or handing out locations they lack.
 */
export async function savePerson(
  deps: AppDeps,
  editor: SessionUser,
  data: PersonFormData,
): Promise<{ success: 1; details: string; id: number }> {
  const allowed = manageableTypes(editor.userType);
  const existing = data.id ? await manageableUser(deps, editor, data.id) : null;
  // A field left out of the post keeps its stored value on edit (issue 14), and is blank on add.
  let newType: UserType = data.userType ?? existing?.user_type ?? 'U';
  // On edit only admins see the admin and supervisor toggles (spec section 6): others keep the type
  // unless they change the manager flag.
  if (existing && editor.userType !== 'A' && (existing.user_type === 'A' || existing.user_type === 'S'))
    newType = existing.user_type;
  if (!allowed.includes(newType)) throw forbidden('Your role does not allow you to give a user this role.');
  if (existing && existing.id === editor.id && newType !== existing.user_type)
    throw forbidden('You cannot change your own role.');

  const assignable = new Set((await assignableLocations(deps, editor)).map((l) => l.id));
  const sentLocations = data.locations ?? (existing ? null : []);
  const requested = sentLocations ? await repo.existingLocationIds(deps.db, sentLocations) : [];
  if (sentLocations && requested.length !== sentLocations.length)
    throw badRequest('One of the chosen locations does not exist.');
  if (requested.some((id) => !assignable.has(id)))
    throw forbidden('You can only assign the locations you are assigned to yourself.');

  const username = (data.user ?? existing?.username ?? '').toLowerCase();
  const takenText = (active: boolean) =>
    active
      ? `The username "${username}" is already taken.`
      : `The username "${username}" belonged to a removed user; choose another.`;
  const taken = await repo.findUsername(deps.db, username);
  if (taken && taken.id !== data.id) throw conflict(takenText(taken.active === 1));

  const now = deps.clock.now();
  const passwordHash = data.pass ? await hashPassword(data.pass) : null;
  const sent = {
    username: data.user === undefined ? undefined : username,
    name: data.name,
    initials: data.initials,
    phone: data.phone,
    email: data.email,
    user_type: data.userType === undefined ? undefined : newType,
    two_factor: data.twoFactor === undefined ? undefined : data.twoFactor ? 1 : 0,
    language_code: data.languageCode,
  };
  const values = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)) as Partial<{
    [K in keyof typeof sent]: Exclude<(typeof sent)[K], undefined>;
  }>;
  let changedLocations: number[] = [];
  // The check above gives the friendly answer; the unique index on users.username is what holds
  // when two saves race past it (issue 11, defect 6).
  const id = await deps.db
    .transaction()
    .execute(async (trx) => {
      let id: number;
      if (existing) {
        id = existing.id;
        const changes = passwordHash ? { ...values, password_hash: passwordHash } : values;
        if (Object.keys(changes).length) await repo.updateUser(trx, id, changes);
        // A new password ends the user's other sessions; changing one's own keeps the current one.
        if (passwordHash) await repo.revokeSessions(trx, id, now, id === editor.id ? editor.sessionId : undefined);
        if (sentLocations) {
          // Locations the editor cannot see stay as they were.
          const before = (await repo.locationIdsByUser(trx, [id])).get(id) ?? [];
          const locations = [...new Set([...before.filter((l) => !assignable.has(l)), ...requested])].sort(
            (a, b) => a - b,
          );
          changedLocations = [...before, ...locations].filter((l) => before.includes(l) !== locations.includes(l));
          await repo.replaceUserLocations(trx, id, locations);
        }
      } else {
        id = await repo.insertUser(trx, {
          username,
          name: data.name ?? '',
          initials: data.initials ?? '',
          phone: data.phone ?? '',
          email: data.email ?? '',
          user_type: newType,
          two_factor: data.twoFactor ? 1 : 0,
          language_code: data.languageCode ?? 'en',
          password_hash: passwordHash ?? '',
          created_at: now,
        });
        await repo.replaceUserLocations(trx, id, requested);
      }
      await repo.audit(trx, editor.id, existing ? 'user.edit' : 'user.add', `${username} (${newType})`, now);
      return id;
    })
    .catch(async (err: unknown) => {
      if (!isUniqueViolation(err, 'username')) throw err;
      throw conflict(takenText((await repo.findUsername(deps.db, username))?.active !== 0));
    });
  // An open board of this user gains or loses those strips at once (events.routes.ts reloads
  // each stream's locations on a 'locations' event).
  if (changedLocations.length) {
    await deps.events.publish({ type: 'locations', day: '', unitIds: [], locationIds: changedLocations });
  }
  // A new password ends the user's other sessions; any edit changes what their requests carry.
  if (existing) await usersChanged(deps, [id]);
  return { success: 1, details: existing ? 'User has been saved!' : 'User has been added!', id };
}

/**
 * POST /deletePeople: a user with sales (or any other history) is deactivated, not erased,
 * so reports keep their names; a user without history is erased.
 */
export async function deletePerson(
  deps: AppDeps,
  editor: SessionUser,
  id: number,
): Promise<{ success: 1; details: string; deactivated: boolean }> {
  const user = await manageableUser(deps, editor, id);
  if (user.id === editor.id) throw conflict('You cannot delete yourself.');
  const now = deps.clock.now();
  let erased = false;
  if (!(await repo.hasSales(deps.db, id))) {
    try {
      await deps.db.transaction().execute((trx) => repo.eraseUser(trx, id));
      erased = true;
    } catch {
      // Something still names this user (sign-ins, unit logs…): keep the row.
    }
  }
  await deps.db.transaction().execute(async (trx) => {
    if (!erased) {
      await repo.updateUser(trx, id, { active: 0 });
      await repo.revokeSessions(trx, id, now);
      await repo.replaceUserLocations(trx, id, []);
    }
    await repo.audit(trx, editor.id, erased ? 'user.delete' : 'user.deactivate', user.username, now);
  });
  await sessionsEnded(deps, [id]);
  return { success: 1, details: messages.people.deleted, deactivated: !erased };
}

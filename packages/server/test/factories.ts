import type { UserType } from '@sandbar/contract/roles';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';
import { hashPassword } from '../src/platform/passwords';

let seq = 0;

/** A user with overrides; returns its id. Password defaults to 'test-password'. */
export async function buildUser(
  db: Kysely<DB>,
  overrides: Partial<{
    username: string;
    name: string;
    initials: string;
    email: string;
    phone: string;
    userType: UserType;
    twoFactor: boolean;
    password: string;
    locationIds: number[];
    active: boolean;
  }> = {},
): Promise<{ id: number; username: string; password: string }> {
  seq++;
  const username = overrides.username ?? `user${seq}_${Date.now() % 100000}`;
  const password = overrides.password ?? 'test-password';
  const { id } = await db
    .insertInto('users')
    .values({
      username,
      name: overrides.name ?? `Test User ${seq}`,
      initials: overrides.initials ?? `T${seq}`,
      phone: overrides.phone ?? '',
      email: overrides.email ?? '',
      password_hash: await hashPassword(password),
      user_type: overrides.userType ?? 'U',
      two_factor: overrides.twoFactor ? 1 : 0,
      language_code: 'en',
      active: overrides.active === false ? 0 : 1,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (overrides.locationIds?.length) {
    await db
      .insertInto('user_locations')
      .values(overrides.locationIds.map((location_id) => ({ user_id: id, location_id })))
      .execute();
  }
  return { id, username, password };
}

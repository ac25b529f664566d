import type { UserType } from '@sandbar/contract/roles';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { hashPassword } from '../../platform/passwords';

/** Creates the first admin of a real venue (CLI `create-admin`), assigned to every location. */
export async function createUser(
  db: Kysely<DB>,
  clock: Clock,
  u: { username: string; password: string; name: string; initials: string; email?: string; userType: UserType },
): Promise<number> {
  const username = u.username.trim().toLowerCase();
  const existing = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  if (existing) throw new Error(`A user named "${username}" already exists.`);
  const password_hash = await hashPassword(u.password);
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('users')
      .values({
        username,
        name: u.name,
        initials: u.initials,
        phone: '',
        email: u.email ?? '',
        password_hash,
        user_type: u.userType,
        two_factor: 0,
        language_code: 'en',
        active: 1,
        created_at: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const locations = await trx.selectFrom('locations').select('id').execute();
    if (locations.length) {
      await trx
        .insertInto('user_locations')
        .values(locations.map((l) => ({ user_id: id, location_id: l.id })))
        .execute();
    }
    return id;
  });
}

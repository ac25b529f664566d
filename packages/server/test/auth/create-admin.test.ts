import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/features/auth/users.admin';
import { systemClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, loginAs, testDialect } from '../helpers';

describe(`create-admin (CLI) on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('creates an admin on every location who can sign in, and refuses a duplicate username', async () => {
    const id = await createUser(t.deps.db, systemClock, {
      username: 'Jane',
      password: 'a-long-secret',
      name: 'Jane Doe',
      initials: 'JD',
      userType: 'A',
    });
    const locations = await t.deps.db
      .selectFrom('user_locations')
      .select('location_id')
      .where('user_id', '=', id)
      .execute();
    expect(locations).toHaveLength(3);
    expect(await loginAs(t.app, 'jane', 'a-long-secret')).toBeTruthy();
    await expect(
      createUser(t.deps.db, systemClock, {
        username: 'jane',
        password: 'x-long-pass',
        name: 'J',
        initials: 'J',
        userType: 'A',
      }),
    ).rejects.toThrow(/already exists/);
  });
});

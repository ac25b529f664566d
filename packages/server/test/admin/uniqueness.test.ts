import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, injectAs, loginAs, testDialect } from '../helpers';
import { positionOf } from '../units/factories';

/**
 * Issue 11, defect 6: uniqueness is the database's job. Parallel saves of one name give one
 * success and 409s with the same message a sequential duplicate gets, never a 500.
 */
describe(`unique names under concurrency on ${testDialect}`, () => {
  let t: TestApp;
  let mb = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    mb = (await t.deps.db.selectFrom('locations').select('id').where('name', '=', 'MB').executeTakeFirstOrThrow()).id;
    await loginAs(t.app, 'admin');
  });
  afterAll(async () => t.close());

  const burst = async (n: number, make: (i: number) => { url: string; payload: object }) => {
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => injectAs(t.app, 'admin', { method: 'POST', ...make(i) })),
    );
    const codes = results.map((r) => r.statusCode);
    return {
      results,
      ok: codes.filter((c) => c === 200).length,
      conflicts: results.filter((r) => r.statusCode === 409),
    };
  };

  it('savePeople: one username, 20 at once → one 200 and 19 × 409 "already taken"', async () => {
    const { ok, conflicts, results } = await burst(20, (i) => ({
      url: '/api/savePeople',
      payload: {
        postData: {
          user: 'racer',
          name: `Racer ${i}`,
          initials: 'RR',
          pass: 'password-racer',
          confirmPass: 'password-racer',
          locations: `,${mb},`,
        },
      },
    }));
    expect(ok, results.map((r) => r.body).join('\n')).toBe(1);
    expect(conflicts).toHaveLength(19);
    for (const c of conflicts) expect(c.json().details).toBe('The username "racer" is already taken.');
  });

  it('saveLogDetails: one name, 12 at once → one 200 and 409s', async () => {
    const { ok, conflicts } = await burst(12, () => ({
      url: '/api/saveLogDetails',
      payload: {
        postData: {
          category: 'Setup',
          name: 'raceField',
          label: 'L',
          placeholder: '',
          fieldSort: 1,
          fieldType: 'text',
        },
      },
    }));
    expect(ok).toBe(1);
    expect(conflicts).toHaveLength(11);
    for (const c of conflicts) expect(c.json().details).toMatch(/A log field named "raceField" already exists/);
  });

  it('Set Unit: number 777 on 10 units of one location at once → one unit gets it', async () => {
    const units = await Promise.all(Array.from({ length: 10 }, (_, i) => positionOf(t.deps.db, 'MB', 20 + i)));
    const { ok, conflicts } = await burst(10, (i) => ({
      url: '/api/saveUmbrellaNumber',
      payload: { unitData: { unitId: units[i]!.id, unitNumber: 777, unitType: 'U' } },
    }));
    expect(ok).toBe(1);
    expect(conflicts).toHaveLength(9);
    for (const c of conflicts) expect(c.json().details).toMatch(/Unit number 777 is already used in/);
    const holders = await t.deps.db
      .selectFrom('positions')
      .select('id')
      .where('location_id', '=', mb)
      .where('unit_number', '=', 777)
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('saveLocation: one set of initials, sequential and 8 at once → 409', async () => {
    const loc = (fullName: string) => ({
      url: '/api/saveLocation',
      payload: { postData: { name: 'RC', fullName, umbrellas: 2, umbrellaRows: 1 } },
    });
    const { ok, conflicts } = await burst(8, (i) => loc(`Race Cove ${i}`));
    expect(ok).toBe(1);
    expect(conflicts).toHaveLength(7);
    const again = await injectAs(t.app, 'admin', { method: 'POST', ...loc('Race Cove again') });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toBe('A location with the initials "RC" already exists.');
    for (const c of conflicts) expect(c.json().details).toBe(again.json().details);
  });

  it('saveHotel: one name, sequential and 8 at once → 409', async () => {
    const hotel = (contactName: string) => ({
      url: '/api/saveHotel',
      payload: { postData: { name: 'Race Inn', contactName, contactEmail: 'a@race.test', roomRange: '' } },
    });
    const { ok, conflicts } = await burst(8, (i) => hotel(`C ${i}`));
    expect(ok).toBe(1);
    expect(conflicts).toHaveLength(7);
    const again = await injectAs(t.app, 'admin', { method: 'POST', ...hotel('Again') });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toBe('A hotel named "Race Inn" already exists.');
  });
});

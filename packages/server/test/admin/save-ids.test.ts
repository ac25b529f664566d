import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';

// Issue 11, defect 10: a garbled postData.id on a save call used to read as "no id" and add a new
// record. It is a 400 now; only a missing, empty or 0 id adds.

describe(`save calls with a malformed id on ${testDialect}`, () => {
  let t: TestApp;
  let mb = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    mb = (await t.deps.db.selectFrom('locations').select('id').where('name', '=', 'MB').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  const count = async (table: 'users' | 'locations' | 'hotels') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const save = (url: string, postData: object) =>
    injectAs(t.app, 'admin', { method: 'POST', url: `/api/${url}`, payload: { postData } });

  const forms = () =>
    [
      {
        url: 'savePeople',
        table: 'users',
        body: (i: number) => ({
          name: `Id Test ${i}`,
          initials: 'IT',
          user: `idtest${i}`,
          pass: 'password-id',
          confirmPass: 'password-id',
          locations: `,${mb},`,
        }),
      },
      {
        url: 'saveLocation',
        table: 'locations',
        body: (i: number) => ({ name: `I${i}`, fullName: `Id Test ${i}`, umbrellas: 2, umbrellaRows: 1 }),
      },
      {
        url: 'saveHotel',
        table: 'hotels',
        body: (i: number) => ({ name: `Id Hotel ${i}`, contactName: 'Pat', contactEmail: 'pat@hotel.test' }),
      },
    ] as const;

  it('refuses ids that are not positive whole numbers within range, and adds nothing', async () => {
    let i = 0;
    for (const f of forms()) {
      const before = await count(f.table);
      for (const id of ['abc', '12abc', -1, 1.5, '1e3', 2 ** 31, '99999999999', ' 0x10 ', true, { id: 1 }, [1]]) {
        const res = await save(f.url, { ...f.body(++i), id });
        expect(res.statusCode, `${f.url} id=${JSON.stringify(id)}: ${res.body}`).toBe(400);
        expect(res.json().details).toMatch(/id/i);
      }
      expect(await count(f.table), f.url).toBe(before);
    }
  });

  it('still adds with a missing, empty, null or 0 id', async () => {
    let i = 100;
    for (const f of forms()) {
      for (const id of [undefined, '', null, 0, '0']) {
        const res = await save(f.url, { ...f.body(++i), id });
        expect(res.statusCode, `${f.url} id=${JSON.stringify(id)}: ${res.body}`).toBe(200);
      }
    }
  });
});

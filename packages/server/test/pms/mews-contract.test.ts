import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mewsConnector } from '../../src/adapters/pms/mews/mews.adapter';
import { type MewsFake, startMewsFake } from '../fixtures/mews/mews-fake';

// Contract test (issue 34): every request the Mews adapter sends validates against the schemas
// written from Mews' Connector API docs (test/fixtures/mews/schemas.ts names the pages and commit).
describe('Mews adapter against the Connector API schemas', () => {
  let mews: MewsFake;
  const connector = (over: Partial<{ accessToken: string }> = {}) =>
    mewsConnector(
      {
        endpoint: mews.url,
        serviceId: mews.serviceId,
        clientToken: mews.clientToken,
        accessToken: over.accessToken ?? mews.accessToken,
        currency: 'USD',
      },
      { timeoutMs: 2000 },
    );
  beforeAll(async () => {
    mews = await startMewsFake();
  });
  afterAll(async () => {
    await mews.close();
  });

  it('finds the guest by room (resources/getAll Names) and surname (customers/search)', async () => {
    const found = await connector().findInHouseGuest('305', 'smith');
    expect(found).toEqual([
      {
        reservationId: 'r0000000-0000-4000-8000-000000000001',
        accountId: 'c0000000-0000-4000-8000-000000000001',
        room: '305',
        surname: 'Smith',
        displayName: 'Ana Smith',
        confirmation: '4021',
      },
    ]);
    expect(await connector().findInHouseGuest('305', 'Garcia')).toEqual([]);
    expect(await connector().findInHouseGuest('999', 'Smith')).toEqual([]);
    expect(mews.violations).toEqual([]);
  });

  it("remembers a room's resource id (one call a lookup after the first); a room set up anew is read again", async () => {
    const c = connector();
    let calls = mews.requests;
    expect(await c.findInHouseGuest('0305', 'Smith')).toHaveLength(1);
    expect(mews.requests - calls).toBe(2); // resources/getAll, customers/search
    calls = mews.requests;
    expect(await c.findInHouseGuest('0305', 'Smith')).toHaveLength(1);
    expect(mews.requests - calls).toBe(1);
    // The room's resource replaced in Mews: nobody under the remembered id, so it asks afresh.
    const room = mews.rooms.find((r) => r.Name === '305')!;
    const old = room.Id;
    room.Id = 'a1f0c7e2-0000-4000-8000-00000000f305';
    try {
      calls = mews.requests;
      expect(await c.findInHouseGuest('0305', 'Smith')).toHaveLength(1);
      expect(mews.requests - calls).toBe(3);
      // Not in house under a remembered id: asked afresh once, and the answer stands.
      expect(await c.findInHouseGuest('0305', 'Jones')).toEqual([]);
    } finally {
      room.Id = old;
    }
    expect(mews.violations).toEqual([]);
  });

  it('adds the order on the customer bill linked to the reservation; reads it back by ExternalIdentifier', async () => {
    const c = connector();
    const [guest] = await c.findInHouseGuest('1210', 'García');
    const charge = {
      key: 'sb-7c1e-1',
      guest: guest!,
      lines: [
        { item: 'cabana' as const, code: 'ac-cabana', description: 'Cabana C2', cents: 15000 },
        { item: 'tip' as const, code: '', description: 'Tip', cents: 1000 },
      ],
      currency: 'USD',
      at: Date.now(),
      remark: 'Sandbar sale 7',
    };
    expect(await c.findPosted(charge)).toBeNull();
    const posted = await c.postCharge(charge);
    expect(mews.items.map((i) => [i.ExternalIdentifier, i.Amount, i.AccountingCategoryId])).toEqual([
      ['sb-7c1e-1.1', 150, 'ac-cabana'],
      ['sb-7c1e-1.2', 10, null],
    ]);
    expect(await c.findPosted(charge)).toEqual({ reference: posted.reference });
    expect(mews.violations).toEqual([]);
  });

  it('refuses (and records) a request off the documented schema; a wrong token is a refusal, not a retry', async () => {
    const res = await fetch(`${mews.url}/api/connector/v1/orders/add`, {
      method: 'POST',
      body: JSON.stringify({
        ClientToken: 'x',
        AccessToken: 'y',
        Client: 'z',
        ServiceId: 's',
        AccountId: 'a',
        Items: [{ Name: 'x', UnitCount: 1, UnitAmount: { GrossValue: 1 } }],
        Colour: 'red',
      }),
    });
    expect(res.status).toBe(400);
    expect(mews.violations.at(-1)).toMatch(/orders\/add: .*Currency|additional properties/);
    mews.violations.length = 0;
    const err = await connector({ accessToken: 'wrong' })
      .findInHouseGuest('305', 'Smith')
      .catch((e) => e);
    expect(err).toMatchObject({ retryable: false });
    expect(err.message).toContain('Invalid access token');
    const steps = await connector().test();
    expect(steps.every((s) => s.ok)).toBe(true);
    expect((await connector({ accessToken: 'wrong' }).test())[0]).toMatchObject({ ok: false });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operaConnector } from '../../src/adapters/pms/opera/opera.adapter';
import { PmsError } from '../../src/platform/pms';
import { type OhipFake, startOhipFake } from '../fixtures/ohip/ohip-fake';

// Contract test (issue 34): every request the OPERA adapter sends must validate against Oracle's
// published OHIP documents (rsv, csh; test/fixtures/ohip, cut from oracle/hospitality-api-docs).
describe('OPERA Cloud adapter against the OHIP rsv and csh documents', () => {
  let ohip: OhipFake;
  const connector = () =>
    operaConnector(
      {
        endpoint: ohip.url,
        hotelId: ohip.hotelId,
        clientId: 'sandbar-client',
        clientSecret: 'sandbar-secret',
        appKey: '6a0b1c2d-app-key',
        enterpriseId: 'ENT1',
        currency: 'USD',
      },
      { timeoutMs: 2000 },
    );
  beforeAll(async () => {
    ohip = await startOhipFake();
  });
  afterAll(async () => {
    await ohip.close();
  });

  it('finds the in-house guest by room and surname (getHotelReservations)', async () => {
    const c = connector();
    const found = await c.findInHouseGuest('0305', 'SMITH');
    expect(found).toEqual([
      expect.objectContaining({
        reservationId: '812345',
        room: '305',
        surname: 'Smith',
        displayName: 'Ana Smith',
        confirmation: 'C-99001',
      }),
    ]);
    expect(await c.findInHouseGuest('305', 'Jones')).toEqual([]);
    expect(ohip.violations).toEqual([]);
  });

  it('posts the lines with the posting key as postingReference, and reads them back from the folio', async () => {
    const c = connector();
    const [guest] = await c.findInHouseGuest('305', 'Smith');
    const charge = {
      key: 'sb-0b7d2c1e-1',
      guest: guest!,
      lines: [
        { item: 'umbrella' as const, code: '2010', description: 'Umbrella A1', cents: 3500 },
        { item: 'tip' as const, code: '2090', description: 'Tip', cents: 500 },
      ],
      currency: 'USD',
      at: Date.UTC(2026, 10, 27, 15),
      remark: 'Sandbar sale 41',
    };
    expect(await c.findPosted(charge)).toBeNull();
    const posted = await c.postCharge(charge);
    expect(posted.reference).toMatch(/^\d+$/);
    expect(
      ohip.postings.filter((p) => p.reference === 'sb-0b7d2c1e-1').map((p) => [p.transactionCode, p.amount]),
    ).toEqual([
      ['2010', 35],
      ['2090', 5],
    ]);
    expect(await c.findPosted(charge)).toEqual({ reference: posted.reference });
    expect(ohip.violations).toEqual([]);
  });

  it('a request that drifts from the document is refused and recorded (the mock validates)', async () => {
    const res = await fetch(`${ohip.url}/csh/v1/hotels/${ohip.hotelId}/reservations/812345/charges`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer ohip-test-token',
        'x-hotelid': ohip.hotelId,
      },
      body: JSON.stringify({ criteria: { charges: [{ transactionCode: 2010, price: '35.00' }] } }),
    });
    expect(res.status).toBe(400);
    expect(ohip.violations.at(-1)).toMatch(/postBillingCharges: .*x-app-key is required/);
    expect(ohip.violations.at(-1)).toMatch(/transactionCode must be string/);
    ohip.violations.length = 0;
  });

  it('classifies 500, 429 (Retry-After) and a lost answer as retryable; "Test connection" says what worked', async () => {
    const c = connector();
    const [guest] = await c.findInHouseGuest('1210', 'García');
    const charge = {
      key: 'sb-f-1',
      guest: guest!,
      lines: [{ item: 'cabana' as const, code: '2020', description: 'Cabana', cents: 12000 }],
      currency: 'USD',
      at: Date.now(),
      remark: 'Sandbar sale 42',
    };
    ohip.faults.push('500', '429', 'lost');
    const errs: PmsError[] = [];
    for (let i = 0; i < 3; i++)
      errs.push(
        await c.postCharge(charge).then(
          () => {
            throw new Error('posted');
          },
          (e: PmsError) => e,
        ),
      );
    expect(errs.map((e) => [e.retryable, e.retryAfterMs, e.answerLost])).toEqual([
      [true, null, true],
      [true, 7000, false],
      [true, null, true],
    ]);
    // The lost answer's charge was posted: the read-back finds it.
    expect(await c.findPosted(charge)).not.toBeNull();
    const steps = await c.test();
    expect(steps.map((s) => s.ok)).toEqual([true, true]);
    expect(ohip.violations).toEqual([]);
  });
});

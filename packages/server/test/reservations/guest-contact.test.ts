import { publicBookingTexts } from '@sandbar/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { mailboxKey, phoneE164 } from '../../src/features/reservations/guest-contact';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING } from '../sales/factories';

// Issue 32 defect 4: the guest page's per-contact limit (3 a day) counts one person once, however
// the phone or the e-mail is spelled; what is not a phone number is refused; the page's calls take
// small bodies and no unknown fields. Every spelling below was a fresh contact before.

const TOMORROW = '2026-07-05';

describe(`one guest, one contact, on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  let ip = 0;
  // A fresh address per call: the per-address limit (10 an hour) is not what is tested.
  const nextIp = () => `198.51.100.${++ip}`;
  const slots: { unitId: number; day: string }[] = [];
  const nextSlot = () => slots.shift()!;
  const book = (contact: { phone?: string; email?: string }, extra: Record<string, unknown> = {}) => {
    const slot = nextSlot();
    return t.app.inject({
      method: 'POST',
      url: '/api/public/booking',
      remoteAddress: nextIp(),
      payload: {
        day: slot.day,
        unitIds: [slot.unitId],
        guestName: 'Farmer Guest',
        partySize: 2,
        acceptPolicy: true,
        ...contact,
        ...extra,
      },
    });
  };
  const codes = async (calls: (() => Promise<{ statusCode: number }>)[]) => {
    const out: number[] = [];
    for (const c of calls) out.push((await c()).statusCode);
    return out;
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    await writeSettings(t.deps.db, { bookingOnlineLocations: 'MB', bookingMaxUnits: '1' });
    const units = (
      await t.deps.db
        .selectFrom('positions')
        .innerJoin('locations', 'locations.id', 'positions.location_id')
        .select('positions.id')
        .where('locations.name', '=', 'MB')
        .where('positions.unit_type', '=', 'U')
        .where('positions.removed', '=', 0)
        .orderBy('positions.id')
        .execute()
    ).map((r) => r.id);
    // Each booking its own unit-day (the claim is not what is tested).
    for (let d = 5; d <= 12; d++)
      for (const unitId of units) slots.push({ unitId, day: `2026-07-${String(d).padStart(2, '0')}` });
  });
  afterAll(async () => t.close());

  it('reads every spelling of one number as one E.164 number, and refuses what is not a number', () => {
    for (const s of [
      '305-555-9001',
      '(305) 555 9001',
      '+1 305 555 9001',
      '1-305-555-9001',
      '+13055559001',
      '001 305 555 9001',
      '305\u200b5559001',
    ])
      expect(phoneE164(s, 'US'), s).toBe('+13055559001');
    for (const s of ['3055559001a', '305 555 9001 x1', '305 555 9001#', '555-1234', '12'])
      expect(phoneE164(s, 'US'), s).toBeNull();
    expect(phoneE164('612 345 678', 'ES')).toBe('+34612345678');
    expect(phoneE164('+34 612 345 678', 'US')).toBe('+34612345678');
  });

  it('reads every spelling of one mailbox as one key', () => {
    for (const s of [
      'guest@example.com',
      'Guest@Example.com',
      'guest+1@example.com',
      'guest@example.com.',
      '"guest"@example.com',
    ])
      expect(mailboxKey(s), s).toBe('guest@example.com');
    for (const s of ['g.u.e.s.t@gmail.com', 'guest+x@googlemail.com', 'G.uest@GMAIL.com'])
      expect(mailboxKey(s), s).toBe('guest@gmail.com');
    // Dots count where the provider counts them.
    expect(mailboxKey('g.uest@example.com')).toBe('g.uest@example.com');
  });

  const sameNumber = [
    ['+1 305 555 90NN', 'a leading +1'],
    ['1-305-555-90NN', 'a leading 1'],
    ['+130555590NN', '+1 without spaces'],
    ['001 305 555 90NN', '00 before the country code'],
    ['305\u200b55590NN', 'a zero-width space'],
  ] as const;
  sameNumber.forEach(([spelling, what], i) => {
    it(`counts ${what} as the number it spells`, async () => {
      const nn = String(10 + i);
      const plain = `305-555-90${nn}`;
      const got = await codes([
        () => book({ phone: plain }),
        () => book({ phone: `(305) 555 90${nn}` }),
        () => book({ phone: spelling.replace('NN', nn) }),
        () => book({ phone: spelling.replace('NN', nn) }),
      ]);
      expect(got).toEqual([200, 200, 200, 429]);
      const stored = await t.deps.db
        .selectFrom('reservations')
        .select('phone')
        .where('phone', 'like', `%555${'90' + nn}`)
        .execute();
      expect(stored.map((r) => r.phone)).toEqual([
        `+1305555${'90' + nn}`,
        `+1305555${'90' + nn}`,
        `+1305555${'90' + nn}`,
      ]);
    });
  });

  it('refuses junk after the digits with the page’s message, stores and texts nothing', async () => {
    for (const phone of ['3055559001a', '305 555 9001 x1', '305 555 9001#']) {
      const res = await book({ phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().details).toBe(publicBookingTexts.invalidPhone);
    }
    const outbox = await t.deps.db.selectFrom('outbox').select('recipient').execute();
    expect(outbox.filter((o) => /[a-z#]/i.test(o.recipient) && !o.recipient.includes('@'))).toEqual([]);
  });

  it('texts the number in E.164', async () => {
    const res = await book({ phone: '1 (305) 555-9031' });
    expect(res.statusCode, res.body).toBe(200);
    const msg = await t.deps.db
      .selectFrom('outbox')
      .select(['channel', 'recipient'])
      .where('recipient', 'like', '%9031')
      .executeTakeFirstOrThrow();
    expect(msg).toEqual({ channel: 'sms', recipient: '+13055559031' });
  });

  const sameMailbox = [
    ['guest@example.com', 'guest+1@example.com', 'a +tag'],
    ['trail@example.com', 'trail@example.com.', 'a trailing dot'],
    ['quoted@example.com', '"quoted"@example.com', 'a quoted local part'],
    ['upper@example.com', 'UPPER@Example.COM', 'capitals'],
    ['dotty@gmail.com', 'd.o.t.t.y@gmail.com', 'dots at gmail'],
    ['mail@gmail.com', 'm.ail+x@googlemail.com', 'googlemail, dots and a tag'],
  ] as const;
  for (const [plain, spelling, what] of sameMailbox) {
    it(`counts an e-mail with ${what} as its mailbox, and mails it as typed`, async () => {
      const got = await codes([
        () => book({ email: plain }),
        () => book({ email: plain }),
        () => book({ email: spelling }),
        () => book({ email: spelling }),
      ]);
      expect(got).toEqual([200, 200, 200, 429]);
      const sent = await t.deps.db.selectFrom('outbox').select('recipient').where('recipient', '=', spelling).execute();
      expect(sent).toHaveLength(1);
    });
  }

  it('counts both contacts when a call gives both', async () => {
    expect(await codes([1, 2, 3].map(() => () => book({ email: 'both@example.com' })))).toEqual([200, 200, 200]);
    const res = await book({ phone: '305 555 9041', email: 'Both+x@example.com' });
    expect(res.statusCode).toBe(429);
  });

  it('answers 413 to a body over 16 KB and 400 to an unknown field', async () => {
    const huge = await book({ phone: '305 555 9051' }, { notes: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().details).toBe('The request is larger than the 16 KB limit.');
    const over = await book({ phone: '305 555 9051' }, { guestName: 'x'.repeat(17 * 1024) });
    expect(over.statusCode).toBe(413);
    const unknown = await book({ phone: '305 555 9051' }, { notes: 'hello' });
    expect(unknown.statusCode).toBe(400);
    const wait = (extra: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/booking/waitlist',
        remoteAddress: nextIp(),
        payload: {
          day: TOMORROW,
          locationId: 1,
          guestName: 'W',
          phone: '305 555 9052',
          partySize: 2,
          acceptPolicy: true,
          ...extra,
        },
      });
    expect((await wait({ notes: 'x'.repeat(2 * 1024 * 1024) })).statusCode).toBe(413);
    expect((await wait({ isAdmin: true })).statusCode).toBe(400);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/public/booking/manage/${'a'.repeat(43)}/cancel`,
      remoteAddress: nextIp(),
      payload: { x: 'y'.repeat(64 * 1024) },
    });
    expect(cancel.statusCode).toBe(413);
    // Staff calls keep the app's 5 MB.
    const staff = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveConfigSettings',
      payload: { receiptEmailBody: `<p>${'x'.repeat(64 * 1024)}</p>` },
    });
    expect(staff.statusCode, staff.body).toBe(200);
  });

  it('keeps one place in the waitlist’s line per guest, however the number is spelled', async () => {
    await writeSettings(t.deps.db, { bookingOnlineLocations: 'MB, CD', bookingMaxUnits: '20' });
    // The line is for a full day (decision 264): every cabana of the deck booked on the 20th.
    const cdId = (
      await t.deps.db.selectFrom('locations').select('id').where('name', '=', 'CD').executeTakeFirstOrThrow()
    ).id;
    const cabanas = await t.deps.db
      .selectFrom('positions')
      .select('id')
      .where('location_id', '=', cdId)
      .where('unit_type', '=', 'C')
      .where('removed', '=', 0)
      .execute();
    const full = await injectAs(t.app, 'manager', {
      method: 'POST',
      url: '/api/saveReservation',
      payload: {
        guestName: 'Deck Party',
        phone: '305 555 0100',
        days: ['2026-07-20'],
        partySize: 20,
        unitIds: cabanas.map((c) => c.id),
      },
    });
    expect(full.statusCode, full.body).toBe(200);
    const wait = (contact: { phone?: string; email?: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/booking/waitlist',
        remoteAddress: nextIp(),
        payload: {
          day: '2026-07-20',
          locationId: cdId,
          unitType: 'C',
          guestName: 'W',
          partySize: 2,
          acceptPolicy: true,
          ...contact,
        },
      });
    const first = await wait({ phone: '305-555-9061' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await wait({ phone: '+1 305 555 9061' });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toBe(publicBookingTexts.waitlistTwice);
    const stored = await t.deps.db.selectFrom('waitlist_requests').select('phone').execute();
    expect(stored.map((r) => r.phone)).toContain('+13055559061');
    const junk = await wait({ phone: '3055559061a' });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().details).toBe(publicBookingTexts.invalidPhone);
  });

  it('reads a number in the venue’s country (Config → venue country)', async () => {
    const bad = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveConfigSettings',
      payload: { venueCountry: 'QQ' },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveConfigSettings',
      payload: { venueCountry: 'es' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    try {
      const res = await book({ phone: '612 345 678' });
      expect(res.statusCode, res.body).toBe(200);
      const row = await t.deps.db
        .selectFrom('reservations')
        .select('phone')
        .where('phone', '=', '+34612345678')
        .execute();
      expect(row).toHaveLength(1);
    } finally {
      await writeSettings(t.deps.db, { venueCountry: 'US' });
    }
  });
});

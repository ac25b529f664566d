import { publicBookingTexts } from '@sandbar/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { writeSettings } from '../../src/features/settings/settings.repository';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, hotelId, unitId } from '../sales/factories';

// Hotel rates on the guest's page (issue 24 points 1 and 4): the page lists the hotels whose
// guests have rates and those rates; a booking at a hotel rate gives hotel, room and surname, and
// the server checks them against the roster exactly as a room charge does. A wrong room and a
// wrong surname get one message; nothing of the roster is ever in an answer; tries are limited.

const TOMORROW = '2026-07-05';

describe(`public hotel-rate booking on ${testDialect}`, () => {
  let t: TestApp;
  let wyndham: number;
  let hyatt: number;
  const clock = fixedClock(MORNING);
  const call = (method: 'GET' | 'POST', url: string, payload?: object, ip = '203.0.113.51') =>
    t.app.inject({ method, url: `/api/public/booking${url}`, payload, remoteAddress: ip });
  const guest = (o: Record<string, unknown>) => ({
    day: TOMORROW,
    guestName: 'Luis Garcia',
    partySize: 2,
    acceptPolicy: true,
    ...o,
  });

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    await writeSettings(t.deps.db, { bookingOnlineLocations: 'MB' });
    wyndham = await hotelId(t.deps.db, 'Wyndham');
    hyatt = await hotelId(t.deps.db, 'Hyatt');
  });
  afterAll(async () => t.close());

  it('lists the hotels with rates and their rates at the hotel rate, and no roster data', async () => {
    const res = await call('GET', `/availability?day=${TOMORROW}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.hotels).toEqual([
      { id: hyatt, name: 'Hyatt' },
      { id: wyndham, name: 'Wyndham' },
    ]);
    expect(body.prices.find((p: { name: string }) => p.name === 'Hyatt Guest Umbrella')).toMatchObject({
      price: '20.00',
      hotelIds: [hyatt],
    });
    // Everyone's prices carry no hotel list.
    expect(body.prices.find((p: { name: string }) => p.name === 'Umbrella + 2 Chairs').hotelIds).toBeUndefined();
    for (const secret of ['Garcia', 'Smith', '1204', '0305', 'Other']) expect(res.body).not.toContain(secret);
  });

  it('books at a hotel rate when the room and surname are on the list; the booking keeps the hotel guest', async () => {
    const unit = await unitId(t.deps.db, 'MB', 11);
    const res = await call(
      'POST',
      '',
      guest({ unitIds: [unit], phone: '305 555 0701', hotelId: wyndham, roomNumber: '305', lastName: 'garcia' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    // The guest's own answer names no room.
    expect(res.body).not.toContain('0305');
    const staff = await injectAs(t.app, 'staff', { method: 'GET', url: `/api/getReservations?day=${TOMORROW}` });
    expect(staff.json().reservations.find((r: { phone: string }) => r.phone === '+13055550701')).toMatchObject({
      hotelId: wyndham,
      roomNumber: '0305',
      lastName: 'garcia',
      channel: 'online',
    });
  });

  it('refuses an unknown room and a wrong surname with the same message, and books nothing', async () => {
    const unit = await unitId(t.deps.db, 'MB', 12);
    const wrongSurname = await call(
      'POST',
      '',
      guest({ unitIds: [unit], phone: '305 555 0702', hotelId: wyndham, roomNumber: '1204', lastName: 'Jones' }),
    );
    const unknownRoom = await call(
      'POST',
      '',
      guest({ unitIds: [unit], phone: '305 555 0703', hotelId: wyndham, roomNumber: '9999', lastName: 'Smith' }),
      '203.0.113.52',
    );
    // A guest of another hotel is not this hotel's guest either.
    const otherHotel = await call(
      'POST',
      '',
      guest({ unitIds: [unit], phone: '305 555 0704', hotelId: hyatt, roomNumber: '1204', lastName: 'Smith' }),
      '203.0.113.53',
    );
    for (const r of [wrongSurname, unknownRoom, otherHotel]) {
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toEqual({ details: publicBookingTexts.hotelGuestNotFound });
    }
    // A room and no surname is bad input, said before any roster is read.
    const blank = await call(
      'POST',
      '',
      guest({ unitIds: [unit], phone: '305 555 0705', hotelId: wyndham, roomNumber: '1204' }),
      '203.0.113.54',
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(publicBookingTexts.hotelNeedsGuest);
    const held = await t.deps.db.selectFrom('reservation_units').select('id').where('position_id', '=', unit).execute();
    expect(held).toHaveLength(0);
  });

  it('limits the tries at one room: the sixth in an hour is a 429, whatever the surname', async () => {
    const unit = await unitId(t.deps.db, 'MB', 13);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await call(
        'POST',
        '',
        guest({
          unitIds: [unit],
          email: `try${i}@example.com`,
          hotelId: hyatt,
          roomNumber: '0630',
          lastName: `Guess${i}`,
        }),
        `198.51.100.${i + 1}`,
      );
      codes.push(r.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right surname waits: the room's tries are used up.
    const right = await call(
      'POST',
      '',
      guest({ unitIds: [unit], email: 'davis@example.com', hotelId: hyatt, roomNumber: '0630', lastName: 'Davis' }),
      '198.51.100.99',
    );
    expect(right.statusCode).toBe(429);
  });
});

import { saleBookingTexts } from '@sandbar/contract/messages';
import { reservationTexts } from '@sandbar/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import type { BoardEvent } from '../../src/platform/events';
import { readState } from '../../src/features/units/unit-state.repository';
import { buildUser } from '../factories';
import { type TestApp, buildTestApp, injectAs, loginAs, testDialect } from '../helpers';
import { DAY, MORNING, buildSale, hotelId, priceId, unitId } from '../sales/factories';

// Advance bookings (issue 24): the one pool, the state machine, role and location limits,
// validation, deposits, audit lines and board events — on SQLite and PostgreSQL alike.

const TOMORROW = '2026-07-05';
const LATER = '2026-07-06';

describe(`reservations on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(MORNING);
  const events: BoardEvent[] = [];
  let umbrella: number;
  const post = (user: string, url: string, payload: unknown) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/${url}`, payload: payload as object });
  const get = (user: string, url: string) => injectAs(t.app, user, { method: 'GET', url: `/api/${url}` });
  const mb = (n: number) => unitId(t.deps.db, 'MB', n);
  const booking = (o: Record<string, unknown>) => ({
    guestName: 'Dana Booker',
    phone: '305 555 0142',
    days: [TOMORROW],
    partySize: 3,
    arrival: '10:30',
    ...o,
  });
  const state = async (unit: number, day: string) => readState(t.deps.db, unit, day, 'U');

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    t.deps.events.subscribe((e) => events.push(e));
    umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
  });
  afterAll(async () => t.close());

  it('books a unit ahead: status 1 on that day, a claim, a unit log line, an audit line and a board event', async () => {
    const unit = await mb(30);
    events.length = 0;
    const res = await post('staff', 'saveReservation', booking({ unitIds: [unit], notes: 'Near the path' }));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().reservation;
    expect(r).toMatchObject({
      status: 'confirmed',
      channel: 'staff',
      window: 'full',
      days: [TOMORROW],
      guestName: 'Dana Booker',
      partySize: 3,
      arrival: '10:30',
      depositBalance: '0.00',
      createdBy: expect.any(String),
    });
    expect(r.units).toEqual([{ unitId: unit, label: expect.stringContaining('MB'), day: TOMORROW }]);
    expect((await state(unit, TOMORROW)).status).toBe(1);
    expect((await state(unit, DAY)).status).toBe(0);
    const logs = await t.deps.db.selectFrom('unit_logs').selectAll().where('position_id', '=', unit).execute();
    expect(logs.map((l) => l.text).join('|')).toContain('Reserved for Dana Booker');
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('kind', '=', 'reservation.create')
      .execute();
    expect(audit.at(-1)!.detail).toContain(`Booking ${r.id}`);
    expect(events).toContainEqual(expect.objectContaining({ type: 'reservation', day: TOMORROW, unitIds: [unit] }));

    const list = await get('staff', `getReservations?day=${TOMORROW}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().reservations.map((x: { id: number }) => x.id)).toContain(r.id);
    const other = await get('staff', `getReservations?day=${LATER}`);
    expect(other.json().reservations.map((x: { id: number }) => x.id)).not.toContain(r.id);
  });

  it('refuses a second booking and a walk-in sale of a unit reserved for today, naming the guest', async () => {
    const unit = await mb(31);
    const first = await post(
      'staff',
      'saveReservation',
      booking({ unitIds: [unit], days: [DAY], guestName: 'Kim Early' }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const again = await post('manager', 'saveReservation', booking({ unitIds: [unit], days: [DAY] }));
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toContain('reserved for Kim Early');
    const sale = await post('staff', 'saveCustomer', buildSale({ unitId: unit, selectedUnit: umbrella }));
    expect(sale.statusCode).toBe(409);
    const hold = await post('staff', 'holdUnit', { unitId: unit, cartId: 'cart-reserved-1' });
    expect(hold.statusCode).toBe(409);
    const occupied = await post('staff', 'markOccupied', { unitData: { unitId: unit } });
    expect(occupied.statusCode).toBe(409);
    expect((await state(unit, DAY)).status).toBe(1);
  });

  it('refuses to book a unit sold today, and says so', async () => {
    const unit = await mb(32);
    const sale = await post('staff', 'saveCustomer', buildSale({ unitId: unit, selectedUnit: umbrella }));
    expect(sale.statusCode, sale.body).toBe(200);
    const res = await post('staff', 'saveReservation', booking({ unitIds: [unit], days: [DAY] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toBe(reservationTexts.soldOn('MB 32', DAY));
  });

  it('books the other half of a unit-day, but a full day conflicts with either half', async () => {
    const unit = await mb(33);
    const am = await post(
      'staff',
      'saveReservation',
      booking({ unitIds: [unit], window: 'morning', guestName: 'Morning Guest' }),
    );
    expect(am.statusCode, am.body).toBe(200);
    const full = await post('staff', 'saveReservation', booking({ unitIds: [unit], window: 'full' }));
    expect(full.statusCode).toBe(409);
    expect(full.json().details).toContain('Morning Guest');
    const am2 = await post('staff', 'saveReservation', booking({ unitIds: [unit], window: 'morning' }));
    expect(am2.statusCode).toBe(409);
    const pm = await post(
      'staff',
      'saveReservation',
      booking({ unitIds: [unit], window: 'afternoon', guestName: 'Afternoon Guest' }),
    );
    expect(pm.statusCode, pm.body).toBe(200);
    // Cancelling the morning leaves the unit reserved for the afternoon.
    const cancel = await post('staff', 'cancelReservation', { id: am.json().reservation.id, reason: 'Changed plans' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await state(unit, TOMORROW)).status).toBe(1);
    const pmCancel = await post('staff', 'cancelReservation', { id: pm.json().reservation.id, reason: 'Rain' });
    expect(pmCancel.statusCode).toBe(200);
    expect((await state(unit, TOMORROW)).status).toBe(0);
  });

  it('books several units for several days all or nothing', async () => {
    const [a, b] = [await mb(34), await mb(35)];
    const blocker = await post(
      'staff',
      'saveReservation',
      booking({ unitIds: [b], days: [LATER], guestName: 'Blocker' }),
    );
    expect(blocker.statusCode).toBe(200);
    const res = await post('staff', 'saveReservation', booking({ unitIds: [a, b], days: [TOMORROW, LATER] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toContain('Blocker');
    // Nothing of the losing booking stayed behind.
    expect((await state(a, TOMORROW)).status).toBe(0);
    expect((await state(a, LATER)).status).toBe(0);
    expect((await state(b, TOMORROW)).status).toBe(0);
    const ok = await post('staff', 'saveReservation', booking({ unitIds: [a, b], days: [TOMORROW] }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().reservation.units).toHaveLength(2);
  });

  it('moves a booking to another unit and day in one step, and refuses a move onto a taken unit', async () => {
    const [a, b, c] = [await mb(36), await mb(37), await mb(38)];
    const r = (await post('staff', 'saveReservation', booking({ unitIds: [a] }))).json().reservation;
    await post('staff', 'saveReservation', booking({ unitIds: [c], days: [LATER], guestName: 'Already There' }));
    const blocked = await post('staff', 'moveReservation', { id: r.id, unitIds: [c], days: [LATER] });
    expect(blocked.statusCode).toBe(409);
    expect((await state(a, TOMORROW)).status).toBe(1);
    const moved = await post('staff', 'moveReservation', { id: r.id, unitIds: [b], days: [LATER] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().reservation).toMatchObject({ status: 'confirmed', days: [LATER] });
    expect((await state(a, TOMORROW)).status).toBe(0);
    expect((await state(b, LATER)).status).toBe(1);
    const wrongCount = await post('staff', 'moveReservation', { id: r.id, unitIds: [a, c] });
    expect(wrongCount.statusCode).toBe(400);
  });

  it('marks a no-show: the unit goes back on sale today and the reservation cannot be cancelled after', async () => {
    const unit = await mb(39);
    const r = (await post('staff', 'saveReservation', booking({ unitIds: [unit], days: [DAY] }))).json().reservation;
    const noReason = await post('staff', 'markReservationNoShow', { id: r.id, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const res = await post('staff', 'markReservationNoShow', { id: r.id, reason: 'Not here by 11' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reservation.status).toBe('no_show');
    expect((await state(unit, DAY)).status).toBe(0);
    const sale = await post('staff', 'saveCustomer', buildSale({ unitId: unit, selectedUnit: umbrella }));
    expect(sale.statusCode, sale.body).toBe(200);
    const cancel = await post('staff', 'cancelReservation', { id: r.id, reason: 'late' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().details).toBe(reservationTexts.notAllowed('no_show', 'cancelled'));
  });

  it('takes a deposit and refunds it inside the cut-off only by a supervisor’s override', async () => {
    const unit = await mb(40);
    const res = await post(
      'staff',
      'saveReservation',
      booking({ unitIds: [unit], deposit: { method: 'Cash', amount: '20.00' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().reservation;
    expect(r.depositBalance).toBe('20.00');
    expect(r.payments).toEqual([
      expect.objectContaining({ kind: 'deposit', method: 'Cash', amount: '20.00', day: DAY }),
    ]);
    const more = await post('staff', 'addReservationDeposit', {
      id: r.id,
      deposit: { method: 'Voucher', amount: 5, voucherNumber: 'V-9' },
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().reservation.depositBalance).toBe('25.00');
    // Tomorrow is inside the venue's 24-hour cut-off: a refund overrides the policy (A and S, with a reason).
    const staffRefund = await post('staff', 'cancelReservation', { id: r.id, reason: 'Sick', deposit: 'refund' });
    expect(staffRefund.statusCode).toBe(403);
    const refund = await post('supervisor', 'cancelReservation', {
      id: r.id,
      reason: 'Sick',
      deposit: 'refund',
      overrideReason: 'Doctor’s note',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().reservation.depositBalance).toBe('0.00');
    // Back by the methods it was paid.
    expect(refund.json().reservation.payments.slice(-2)).toEqual([
      expect.objectContaining({ kind: 'refund', method: 'Cash', amount: '20.00', reason: 'Doctor’s note' }),
      expect.objectContaining({ kind: 'refund', method: 'Voucher', amount: '5.00', reason: 'Doctor’s note' }),
    ]);
    expect((await state(unit, TOMORROW)).status).toBe(0);
  });

  it('checks deposits and hotel guests like a sale does', async () => {
    const unit = await mb(41);
    const card = await post(
      'staff',
      'saveReservation',
      booking({ unitIds: [unit], deposit: { method: 'Credit Card', amount: 10 } }),
    );
    expect(card.statusCode).toBe(400);
    expect(card.json().details).toBe(reservationTexts.depositCard);
    const room = await post(
      'staff',
      'saveReservation',
      booking({ unitIds: [unit], deposit: { method: 'Room Charge', amount: 10 } }),
    );
    expect(room.json().details).toBe(reservationTexts.depositRoomCharge);
    const wyndham = await hotelId(t.deps.db, 'Wyndham');
    const stranger = await post(
      'staff',
      'saveReservation',
      booking({ unitIds: [unit], hotelId: wyndham, roomNumber: '1204', lastName: 'Nobody' }),
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().details).toBe(reservationTexts.guestNotFound);
    const guest = await post(
      'staff',
      'saveReservation',
      booking({
        unitIds: [unit],
        hotelId: wyndham,
        roomNumber: '1204',
        lastName: 'Smith',
        deposit: { method: 'Room Charge', amount: 10 },
      }),
    );
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.json().reservation).toMatchObject({ hotelId: wyndham, roomNumber: '1204', lastName: 'Smith' });
  });

  it('validates the booking with the contract’s texts', async () => {
    const unit = await mb(42);
    const cases: [Record<string, unknown>, string][] = [
      [booking({ unitIds: [unit], guestName: '' }), reservationTexts.guestNameBlank],
      [booking({ unitIds: [unit], phone: '' }), reservationTexts.contactBlank],
      [booking({ unitIds: [unit], phone: '', email: 'not-an-email' }), reservationTexts.invalidEmail],
      [booking({ unitIds: [] }), reservationTexts.unitsBlank],
      [booking({ unitIds: [unit, unit] }), reservationTexts.unitTwice],
      [booking({ unitIds: [unit], days: ['2026-02-30'] }), reservationTexts.dayFormat],
      [booking({ unitIds: [unit], days: ['2026-07-03'] }), reservationTexts.dayPast],
      [booking({ unitIds: [unit], days: ['2027-07-03'] }), reservationTexts.dayTooFar(90)],
      [booking({ unitIds: [unit], partySize: 0 }), reservationTexts.partySize],
      [booking({ unitIds: [unit], arrival: '25:00' }), 'Enter the arrival as HH:MM.'],
      [booking({ unitIds: [unit], channel: 'online' }), 'A staff booking is taken at the desk or on the phone.'],
      [booking({ unitIds: [999999] }), reservationTexts.unitNotFound],
    ];
    for (const [body, text] of cases) {
      const res = await post('staff', 'saveReservation', body);
      expect([400, 404], `${JSON.stringify(body)} → ${res.body}`).toContain(res.statusCode);
      expect(res.json().details).toContain(text);
    }
    const pier = await unitId(t.deps.db, 'PT', 1);
    const dark = await post('admin', 'saveReservation', booking({ unitIds: [pier] }));
    expect(dark.statusCode).toBe(400);
  });

  it('keeps staff to their locations and needs a session', async () => {
    const deck = await unitId(t.deps.db, 'CD', 101);
    const res = await post('staff', 'saveReservation', booking({ unitIds: [deck] }));
    expect(res.statusCode).toBe(403);
    expect(res.json().details).toBe(reservationTexts.notYourLocation);
    const ok = await post('admin', 'saveReservation', booking({ unitIds: [deck] }));
    expect(ok.statusCode, ok.body).toBe(200);
    const id = ok.json().reservation.id;
    for (const [url, body] of [
      ['cancelReservation', { id, reason: 'x' }],
      ['markReservationNoShow', { id, reason: 'x' }],
      ['moveReservation', { id, days: [LATER] }],
    ] as const) {
      const r = await post('staff', url, body);
      expect(r.statusCode, url).toBe(403);
    }
    expect((await get('staff', `getReservation/${id}`)).statusCode).toBe(403);
    expect(
      (await get('staff', `getReservations?day=${TOMORROW}&locationId=${ok.json().reservation.locationId}`)).statusCode,
    ).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/saveReservation',
      payload: booking({ unitIds: [deck] }),
    });
    expect(anon.statusCode).toBe(401);
    // A user with no locations books nothing.
    const lonely = await buildUser(t.deps.db, { userType: 'A' });
    const token = await loginAs(t.app, lonely.username, lonely.password);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/saveReservation',
      headers: { authorization: `Bearer ${token}` },
      payload: booking({ unitIds: [deck], days: [LATER] }),
    });
    expect(none.statusCode).toBe(403);
  });

  it('shows bookings on the board (status 1 with the reservation) and on the booking grid, guest data for staff only', async () => {
    const unit = await mb(43);
    const r = (
      await post(
        'staff',
        'saveReservation',
        booking({ unitIds: [unit], days: [DAY], guestName: 'Board Guest', deposit: { method: 'Cash', amount: 15 } }),
      )
    ).json().reservation;
    const board = (await get('staff', 'getUnits')).json();
    const tile = board.locations
      .flatMap((l: { units: { id: number }[][] }) => l.units.flat())
      .find((u: { id: number }) => u.id === unit);
    expect(tile).toMatchObject({
      unitStatus: 1,
      heldBy: null,
      reservations: [
        { id: r.id, guestName: 'Board Guest', arrival: '10:30', partySize: 3, depositBalance: '15.00', window: 'full' },
      ],
    });
    const free = board.locations[0].units[0][0];
    expect(free.reservations).toBeUndefined();
    const one = (await get('staff', `getUnit/${unit}`)).json();
    expect(one.reservations[0]).toMatchObject({ id: r.id, guestName: 'Board Guest' });

    const grid = await get('staff', `getBookingBoard?day=${DAY}`);
    expect(grid.statusCode, grid.body).toBe(200);
    const units = grid.json().locations.flatMap((l: { rows: unknown[][] }) => l.rows.flat());
    expect(units.find((u: { unitId: number }) => u.unitId === unit)).toMatchObject({
      state: 'reserved',
      halves: { am: true, pm: true },
    });
    expect(grid.json().locations.map((l: { name: string }) => l.name)).toEqual(['MB']);
    const sold = await mb(32);
    expect(units.find((u: { unitId: number }) => u.unitId === sold)).toMatchObject({ state: 'taken' });
    expect((await get('staff', 'getBookingBoard?day=2026-07-01')).statusCode).toBe(400);
  });

  it('checks a guest in: the sale takes the booked unit, the deposit comes off the total, the booking is checked in', async () => {
    const unit = await mb(44);
    const other = await mb(45);
    const r = (
      await post(
        'staff',
        'saveReservation',
        booking({ unitIds: [unit], days: [DAY], guestName: 'Chuck In', deposit: { method: 'Cash', amount: 15 } }),
      )
    ).json().reservation;
    const o = (
      await post('staff', 'saveReservation', booking({ unitIds: [other], days: [DAY], guestName: 'Someone Else' }))
    ).json().reservation;
    // The walk-in is told whose booking holds it.
    const walkIn = await post('staff', 'saveCustomer', buildSale({ unitId: unit, selectedUnit: umbrella }));
    expect(walkIn.statusCode).toBe(409);
    expect(walkIn.json().details).toBe(saleBookingTexts.bookedMeanwhile('MB 44', 'Chuck In', '10:00 AM'));
    // Another booking's id does not open this unit; the full price is not the check-in total.
    const wrong = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: unit, selectedUnit: umbrella, reservationId: o.id, orderTotal: '35.00' }),
    );
    expect(wrong.statusCode).toBe(409);
    const full = await post(
      'staff',
      'saveCustomer',
      buildSale({
        unitId: unit,
        selectedUnit: umbrella,
        reservationId: r.id,
        orderTotal: '35.00',
        customerName: 'Chuck In',
      }),
    );
    expect(full.statusCode).toBe(400);
    expect(full.json().details).toContain('$20.00');
    const sale = await post(
      'staff',
      'saveCustomer',
      buildSale({
        unitId: unit,
        selectedUnit: umbrella,
        reservationId: r.id,
        orderTotal: '20.00',
        customerName: 'Chuck In',
      }),
    );
    expect(sale.statusCode, sale.body).toBe(200);
    expect(sale.json()).toMatchObject({ orderTotal: '20.00', total: '20.00' });
    expect((await state(unit, DAY)).status).toBe(2);
    const after = (await get('staff', `getReservation/${r.id}`)).json();
    expect(after).toMatchObject({ status: 'checked_in', saleId: sale.json().saleId, depositBalance: '0.00' });
    expect(after.payments.at(-1)).toMatchObject({ kind: 'applied', amount: '15.00' });
    const claims = await t.deps.db
      .selectFrom('reservation_claims')
      .selectAll()
      .where('reservation_id', '=', r.id)
      .execute();
    expect(claims).toHaveLength(0);
    // Checked in once: the same booking cannot be checked in on a unit it no longer holds.
    const again = await post(
      'staff',
      'saveCustomer',
      buildSale({ unitId: other, selectedUnit: umbrella, reservationId: r.id, orderTotal: '35.00' }),
    );
    expect(again.statusCode).toBe(409);
  });

  it('one pool: a sale and a reservation racing for one unit-day today — exactly one wins, the loser gets 409', async () => {
    for (let round = 0; round < 6; round++) {
      const unit = await mb(50 + round);
      const attempts = [
        ...Array.from({ length: 5 }, (_, i) =>
          post(
            'staff',
            'saveCustomer',
            buildSale({ unitId: unit, selectedUnit: umbrella, customerName: `Walk-in ${i}` }),
          ),
        ),
        ...Array.from({ length: 5 }, (_, i) =>
          post(
            i % 2 ? 'manager' : 'staff',
            'saveReservation',
            booking({ unitIds: [unit], days: [DAY], guestName: `Booker ${i}` }),
          ),
        ),
      ];
      const results = await Promise.all(attempts);
      const codes = results.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c === 200),
        codes.join(','),
      ).toHaveLength(1);
      expect(
        codes.every((c) => c === 200 || c === 409),
        codes.join(','),
      ).toBe(true);
      for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().details).toMatch(/MB \d+/);
      const s = await state(unit, DAY);
      const sold = await t.deps.db.selectFrom('sale_items').select('id').where('position_id', '=', unit).execute();
      const booked = await t.deps.db
        .selectFrom('reservation_claims')
        .select('half')
        .where('position_id', '=', unit)
        .where('day', '=', DAY)
        .execute();
      // The unit-day is a sale or a reservation, never both.
      if (s.status === 2) {
        expect(sold).toHaveLength(1);
        expect(booked).toHaveLength(0);
      } else {
        expect(s.status).toBe(1);
        expect(sold).toHaveLength(0);
        expect(booked.map((b) => b.half).sort()).toEqual(['am', 'pm']);
      }
    }
  });

  it('one pool: 20 parallel bookings of overlapping units and days — each unit-day held by exactly one', async () => {
    const units = [await mb(60), await mb(61), await mb(62)];
    const days = [TOMORROW, LATER];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(i % 2 ? 'manager' : 'staff', 'saveReservation', {
          ...booking({ guestName: `Racer ${i}` }),
          unitIds: i % 3 === 0 ? units : [units[i % 3]!],
          days: i % 4 === 0 ? days : [days[i % 2]!],
          window: (['full', 'morning', 'afternoon'] as const)[i % 3],
        }),
      ),
    );
    expect(
      results.every((r) => r.statusCode === 200 || r.statusCode === 409),
      results.map((r) => r.statusCode).join(','),
    ).toBe(true);
    const claims = await t.deps.db
      .selectFrom('reservation_claims')
      .selectAll()
      .where('position_id', 'in', units)
      .execute();
    // Every winner's unit-days are in the claims; no half-day claimed twice (the key says so) and
    // every claimed unit-day shows reserved.
    const winners = results.filter((r) => r.statusCode === 200).map((r) => r.json().reservation);
    expect(winners.length).toBeGreaterThan(0);
    const claimedBy = new Set(claims.map((c) => c.reservation_id));
    for (const w of winners) expect(claimedBy.has(w.id)).toBe(true);
    expect(claimedBy.size).toBe(winners.length);
    for (const c of claims) expect((await state(c.position_id, c.day)).status).toBe(1);
  });
});

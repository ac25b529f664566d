import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@sandbar/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { uploadAs } from './factories';

const m = messages.hotel;

describe(`hotel calls and roster import on ${testDialect}`, () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbar-hotels-'));
  const save = (as: string, postData: object) =>
    injectAs(t.app, as, { method: 'POST', url: '/api/saveHotel', payload: { postData } });
  const roster = (hotelId: number, name: string, content: string, as = 'admin') =>
    uploadAs(t.app, as, '/api/fileUpload', { clientId: String(hotelId), folderId: 'hotelRoster', fullPath: '' }, [
      { name, content, type: 'text/csv' },
    ]);
  beforeAll(async () => {
    t = await buildTestApp({ env: { SANDBAR_DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists hotels with guest counts; getHotels serves every signed-in user', async () => {
    const body = (await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getHotelList' })).json();
    expect(body.hotels.map((h: { name: string }) => h.name)).toEqual(['Hyatt', 'Wyndham', 'Other']);
    expect(body.hotels.find((h: { name: string }) => h.name === 'Wyndham')).toMatchObject({
      guestCount: 4,
      vacationOwnerRule: '1',
      isOther: '0',
    });
    const forSale = await injectAs(t.app, 'staff', { method: 'GET', url: '/api/getHotels' });
    expect(forSale.statusCode).toBe(200);
    expect(forSale.json().hotels).toHaveLength(3);
    expect((await t.app.inject({ method: 'GET', url: '/api/getHotels' })).statusCode).toBe(401);
  });

  it('is for admins only: 403 for S, M and U', async () => {
    for (const who of ['supervisor', 'manager', 'staff']) {
      expect((await injectAs(t.app, who, { method: 'GET', url: '/api/getHotelList' })).statusCode).toBe(403);
      expect((await injectAs(t.app, who, { method: 'GET', url: '/api/getHotelList/1' })).statusCode).toBe(403);
      expect((await save(who, {})).statusCode).toBe(403);
      expect(
        (await injectAs(t.app, who, { method: 'POST', url: '/api/deleteHotel', payload: { postData: 1 } })).statusCode,
      ).toBe(403);
    }
    expect(
      (await roster(1, 'r.csv', 'Room,Guest_Name,Accompanying_Guest_Name,Additional\n1,A,,0\n', 'staff')).statusCode,
    ).toBe(403);
    expect(
      (await roster(1, 'r.csv', 'Room,Guest_Name,Accompanying_Guest_Name,Additional\n1,A,,0\n', 'supervisor'))
        .statusCode,
    ).toBe(403);
  });

  it('gives the new-hotel messages; edit needs only the name', async () => {
    const res = await save('admin', {});
    expect(res.json().details).toBe([m.nameBlank, m.contactNameBlank, m.contactEmailBlank].join(' '));
    const ok = await save('admin', {
      name: 'Marriott',
      contactName: 'Mia',
      contactEmail: 'a@marriott.test,\nb@marriott.test',
      roomRange: '',
    });
    expect(ok.statusCode).toBe(200);
    const { id } = ok.json();
    expect((await save('admin', { id, name: '' })).json().details).toBe(m.nameBlank);
    expect((await save('admin', { id, name: 'Marriott Resort', contactEmail: 'not-an-address' })).statusCode).toBe(400);
    expect((await save('admin', { id, name: 'Marriott Resort', vacationOwnerRule: '1' })).statusCode).toBe(200);
    const got = (await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getHotelList/${id}` })).json();
    expect(got.hotel).toMatchObject({ name: 'Marriott Resort', vacationOwnerRule: '1', guestCount: 0 });
    expect(got.guests).toEqual([]);
  });

  it('imports a good roster CSV (quoted names, any column order) that the guest search then finds', async () => {
    const { id } = (await save('admin', { name: 'Hilton', contactName: 'H', contactEmail: 'h@hilton.test' })).json();
    const csv =
      'Guest_Name,Room,Accompanying_Guest_Name,Additional\r\n"Nguyen, Anh",0471,"Nguyen, Bao",1\r\n"O\'Brien, Pat",1102,,0\r\n';
    const res = await roster(id, 'hilton-2026-07-01.csv', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json().documents[0]).toMatchObject({
      fileName: 'hilton-2026-07-01.csv',
      status: 1,
      statusReason: '2 guests loaded.',
    });
    const got = (await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getHotelList/${id}` })).json();
    expect(got.guests).toEqual([
      {
        id: expect.any(Number),
        Room: '0471',
        Guest_Name: 'Nguyen, Anh',
        Accompanying_Guest_Name: 'Nguyen, Bao',
        Additional: '1',
      },
      {
        id: expect.any(Number),
        Room: '1102',
        Guest_Name: "O'Brien, Pat",
        Accompanying_Guest_Name: '',
        Additional: '0',
      },
    ]);
    expect(got.rosterFiles[0]).toMatchObject({ fileName: 'hilton-2026-07-01.csv', status: 1 });
    // A new roster replaces the old one.
    const again = await roster(
      id,
      'hilton-2026-07-02.csv',
      'Room,Guest_Name,Accompanying_Guest_Name,Additional\n0500,"Lee, Kim",,0\n',
    );
    expect(again.json().documents[0].status).toBe(1);
    const after = (await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getHotelList/${id}` })).json();
    expect(after.guests.map((g: { Guest_Name: string }) => g.Guest_Name)).toEqual(['Lee, Kim']);
    // The sale wizard's guest search reads the roster, when that call exists.
    const search = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/searchWyndham',
      payload: { customerData: { hotelLastName: 'Lee', hotelRoomNumber: '', roomChargeHotel: id } },
    });
    expect(search.statusCode).toBe(200);
    expect(JSON.stringify(search.json())).toMatch(/Lee, Kim/);
  });

  it('refuses a malformed roster with the reason and keeps the old roster', async () => {
    const wyndham = (
      await t.deps.db.selectFrom('hotels').select('id').where('name', '=', 'Wyndham').executeTakeFirstOrThrow()
    ).id;
    const cases: [string, string, RegExp][] = [
      ['no-header.csv', '1204,Smith\n', /first line must name the columns/],
      ['blank-room.csv', 'Room,Guest_Name,Accompanying_Guest_Name,Additional\n,Smith,,0\n', /Line 2: Room is blank/],
      [
        'bad-additional.csv',
        'Room,Guest_Name,Accompanying_Guest_Name,Additional\n1,A,,0\n2,B,,yes\n',
        /Line 3: Additional must be 0 or 1/,
      ],
      ['open-quote.csv', 'Room,Guest_Name,Accompanying_Guest_Name,Additional\n1,"A,,0\n', /not valid CSV/],
      ['empty-roster.csv', 'Room,Guest_Name,Accompanying_Guest_Name,Additional\n', /no guests/],
      ['binary.csv', 'Room\u0000', /not a \.csv file/],
      ['roster.pdf', '%PDF-1.4', /Only \.csv, \.txt/],
    ];
    for (const [name, content, reason] of cases) {
      const res = await roster(wyndham, name, content);
      expect(res.statusCode).toBe(200);
      const doc = res.json().documents[0];
      expect(doc.status, name).toBe(0);
      expect(doc.statusReason, name).toMatch(reason);
    }
    const got = (await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getHotelList/${wyndham}` })).json();
    expect(got.guests).toHaveLength(4);
  });

  it('refuses a duplicate file name with the spec warning, per file in one upload', async () => {
    const { id } = (await save('admin', { name: 'Dup Inn', contactName: 'D', contactEmail: 'd@dup.test' })).json();
    const good = 'Room,Guest_Name,Accompanying_Guest_Name,Additional\n1,A,,0\n';
    expect((await roster(id, 'guests.csv', good)).json().documents[0].status).toBe(1);
    const res = await uploadAs(t.app, 'admin', '/api/fileUpload', { clientId: String(id), folderId: 'hotelRoster' }, [
      { name: 'GUESTS.csv', content: good },
      { name: 'guests-2.csv', content: good },
    ]);
    const [dup, fresh] = res.json().documents;
    expect(dup).toMatchObject({ status: 0, statusReason: messages.upload.duplicateName });
    expect(fresh).toMatchObject({ status: 1 });
  });

  it('deletes a hotel without room charges; refuses Other and hotels with sales (409)', async () => {
    const { id } = (await save('admin', { name: 'Gone', contactName: 'G', contactEmail: 'g@gone.test' })).json();
    await roster(id, 'gone.csv', 'Room,Guest_Name,Accompanying_Guest_Name,Additional\n1,A,,0\n');
    const res = await injectAs(t.app, 'admin', { method: 'POST', url: '/api/deleteHotel', payload: { postData: id } });
    expect(res.json()).toEqual({ success: 1, details: m.deleted });
    const other = (
      await t.deps.db.selectFrom('hotels').select('id').where('is_other', '=', 1).executeTakeFirstOrThrow()
    ).id;
    expect(
      (await injectAs(t.app, 'admin', { method: 'POST', url: '/api/deleteHotel', payload: { postData: other } }))
        .statusCode,
    ).toBe(409);
    const hyatt = (
      await t.deps.db.selectFrom('hotels').select('id').where('name', '=', 'Hyatt').executeTakeFirstOrThrow()
    ).id;
    const user = (
      await t.deps.db.selectFrom('users').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow()
    ).id;
    await t.deps.db
      .insertInto('sales')
      .values({
        our_transaction_id: 'tx-hyatt',
        receipt_id: 'r-hyatt',
        day: '2026-07-01',
        user_id: user,
        location_id: null,
        payment_method: 'Room Charge',
        hotel_id: hyatt,
        room_number: '0412',
        last_name: 'Miller',
        customer_name: 'Miller',
        manual_entry: 0,
        list_cents: 100,
        subtotal_cents: 100,
        addon_cents: 0,
        extra_cents: 0,
        tip_cents: 0,
        total_cents: 100,
        retail_cents: 0,
        card_transaction_id: null,
        receipt_type: 'phone',
        customer_phone: '',
        customer_email: '',
        summary: '',
        notes: '',
        multi: 0,
        created_at: Date.now(),
        deleted_at: null,
        deleted_by: null,
      } as never)
      .execute();
    const refused = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/deleteHotel',
      payload: { postData: hyatt },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toMatch(/room charges/);
  });
});

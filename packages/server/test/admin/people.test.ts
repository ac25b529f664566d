import { messages } from '@sandbar/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../factories';
import { type TestApp, buildTestApp, injectAs, loginAs, testDialect } from '../helpers';

const m = messages.people;

describe(`people calls on ${testDialect}`, () => {
  let t: TestApp;
  const save = (as: string, postData: object) =>
    injectAs(t.app, as, { method: 'POST', url: '/api/savePeople', payload: { postData } });
  const list = async (as: string) => (await injectAs(t.app, as, { method: 'GET', url: '/api/getPeopleList' })).json();
  let mb = 0;
  let cd = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    const locs = await t.deps.db.selectFrom('locations').select(['id', 'name']).orderBy('sort').execute();
    mb = locs[0]!.id;
    cd = locs[1]!.id;
  });
  afterAll(async () => t.close());

  it('lists everyone for an admin without any password, with locations as ",1,2,"', async () => {
    const body = await list('admin');
    expect(body.people.map((p: { user: string }) => p.user).sort()).toEqual(
      ['admin', 'manager', 'owner', 'staff', 'supervisor'].sort(),
    );
    const staff = body.people.find((p: { user: string }) => p.user === 'staff');
    expect(staff).toMatchObject({
      pass: '',
      confirmPass: '',
      locations: `,${mb},`,
      locationList: 'MB',
      userType: 'U',
      admin: '0',
    });
    expect(JSON.stringify(body)).not.toMatch(/scrypt/);
    expect(body.locationList.map((l: { name: string }) => l.name)).toEqual(['MB', 'CD', 'PT']);
  });

  it('lists U and M for a supervisor and U for a manager; a user gets 403', async () => {
    expect(new Set((await list('supervisor')).people.map((p: { userType: string }) => p.userType))).toEqual(
      new Set(['U', 'M']),
    );
    expect(new Set((await list('manager')).people.map((p: { userType: string }) => p.userType))).toEqual(
      new Set(['U']),
    );
    for (const url of ['/api/getPeopleList', '/api/getPeopleList/1']) {
      const res = await injectAs(t.app, 'staff', { method: 'GET', url });
      expect(res.statusCode).toBe(403);
    }
    const res = await save('staff', {});
    expect(res.statusCode).toBe(403);
    expect(
      (await injectAs(t.app, 'staff', { method: 'POST', url: '/api/deletePeople', payload: { postData: 1 } }))
        .statusCode,
    ).toBe(403);
  });

  it('gives every add message, in the spec order', async () => {
    const res = await save('admin', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toBe(
      [m.nameBlank, m.initialsBlank, m.usernameBlank, m.passwordBlank, m.confirmBlank].join(' '),
    );
    const differ = await save('admin', {
      name: 'N',
      initials: 'NN',
      user: 'nn',
      pass: 'password-1',
      confirmPass: 'password-2',
    });
    expect(differ.json().details).toBe(m.passwordsDiffer);
    const noConfirm = await save('admin', { name: 'N', initials: 'NN', user: 'nn', pass: 'password-1' });
    expect(noConfirm.json().details).toBe(m.confirmBlank);
  });

  it('on edit needs no password, but a typed one must be confirmed', async () => {
    const { id } = await buildUser(t.deps.db, { userType: 'U' });
    const blank = await save('admin', { id, name: '', initials: '', user: '' });
    expect(blank.json().details).toBe([m.nameBlank, m.initialsBlank, m.usernameBlank].join(' '));
    const ok = await save('admin', { id, name: 'Edited', initials: 'ED', user: `edited${id}` });
    expect(ok.statusCode).toBe(200);
    const typed = await save('admin', {
      id,
      name: 'Edited',
      initials: 'ED',
      user: `edited${id}`,
      pass: 'new-password',
    });
    expect(typed.json().details).toBe(m.confirmBlank);
  });

  it('an edit with a partial postData changes only what is sent (issue 14)', async () => {
    const { id, username } = await buildUser(t.deps.db, {
      name: 'Paula Partial',
      initials: 'PP',
      phone: '305-555-0177',
      email: 'paula@sandbar.test',
      userType: 'M',
      twoFactor: true,
      locationIds: [mb, cd],
    });
    await t.deps.db.updateTable('users').set({ language_code: 'es' }).where('id', '=', id).execute();
    const person = async () =>
      (await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getPeopleList/${id}` })).json().person;
    const before = await person();
    expect(before).toMatchObject({ userType: 'M', twoFactor: '1', languageCode: 'es', locations: `,${mb},${cd},` });

    // Only the phone: everything else stays.
    const phone = await save('admin', { id, phone: '305-555-0188' });
    expect(phone.statusCode, phone.body).toBe(200);
    expect(await person()).toEqual({ ...before, phone: '305-555-0188' });

    // Only the language (what a language switch sends): the role, locations and two-factor stay.
    const lang = await save('admin', { id, languageCode: 'en' });
    expect(lang.statusCode, lang.body).toBe(200);
    expect(await person()).toEqual({ ...before, phone: '305-555-0188', languageCode: 'en' });

    // Sent fields still follow the form's rules: a sent blank name is refused, a sent flag decides.
    const blank = await save('admin', { id, name: '' });
    expect(blank.json().details).toBe(m.nameBlank);
    const role = await save('admin', { id, manager: '0', locations: `,${mb},` });
    expect(role.statusCode, role.body).toBe(200);
    expect(await person()).toMatchObject({
      user: username,
      name: 'Paula Partial',
      email: 'paula@sandbar.test',
      userType: 'U',
      twoFactor: '1',
      locations: `,${mb},`,
    });
  });

  it('adds a user limited to one location who can then sign in', async () => {
    const res = await save('admin', {
      name: 'Nina New',
      initials: 'NN',
      phone: '555-0100',
      email: 'nina@sandbar.test',
      user: 'Nina',
      pass: 'nina-password',
      confirmPass: 'nina-password',
      locations: `,${cd},`,
      admin: '0',
      supervisor: '0',
      manager: '0',
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const got = (await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getPeopleList/${id}` })).json();
    expect(got.person).toMatchObject({ user: 'nina', userType: 'U', locations: `,${cd},`, pass: '' });
    const token = await loginAs(t.app, 'nina', 'nina-password');
    expect(token).toBeTruthy();
    const dup = await save('admin', {
      name: 'X',
      initials: 'X',
      user: 'nina',
      pass: 'password-x',
      confirmPass: 'password-x',
    });
    expect(dup.statusCode).toBe(409);
  });

  it('lets an admin set a new password (never shows the old one)', async () => {
    const { id, username } = await buildUser(t.deps.db, { userType: 'M', password: 'old-password' });
    const res = await save('admin', {
      id,
      name: 'M',
      initials: 'MM',
      user: username,
      pass: 'brand-new-pw',
      confirmPass: 'brand-new-pw',
      manager: '1',
      admin: '0',
      supervisor: '0',
    });
    expect(res.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: 'brand-new-pw' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses escalation with 403', async () => {
    const base = { name: 'E', initials: 'E', pass: 'password-e', confirmPass: 'password-e', locations: `,${mb},` };
    // A supervisor may add U and M, not S or A.
    expect((await save('supervisor', { ...base, user: 'e1', manager: '1' })).statusCode).toBe(200);
    expect((await save('supervisor', { ...base, user: 'e2', supervisor: '1' })).statusCode).toBe(403);
    expect((await save('supervisor', { ...base, user: 'e3', admin: '1' })).statusCode).toBe(403);
    // A manager may add U only.
    expect((await save('manager', { ...base, user: 'e4' })).statusCode).toBe(200);
    expect((await save('manager', { ...base, user: 'e5', manager: '1' })).statusCode).toBe(403);
    // Nor edit someone above them.
    const admin = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect((await save('supervisor', { id: admin.id, name: 'Hacked', initials: 'H', user: 'admin' })).statusCode).toBe(
      403,
    );
    expect(
      (await injectAs(t.app, 'manager', { method: 'GET', url: `/api/getPeopleList/${admin.id}` })).statusCode,
    ).toBe(403);
    // Nor hand out a location they do not have.
    const { id: limited } = await buildUser(t.deps.db, {
      userType: 'S',
      username: 'limited-sup',
      password: 'limited-pw',
      locationIds: [mb],
    });
    expect(limited).toBeGreaterThan(0);
    const token = await loginAs(t.app, 'limited-sup', 'limited-pw');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/savePeople',
      headers: { authorization: `Bearer ${token}` },
      payload: { postData: { ...base, user: 'e6', locations: `,${cd},` } },
    });
    expect(res.statusCode).toBe(403);
  });

  it('erases a user without history and deactivates one with sales', async () => {
    const fresh = await buildUser(t.deps.db, { userType: 'U' });
    const del = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/deletePeople',
      payload: { postData: fresh.id },
    });
    expect(del.json()).toMatchObject({ success: 1, details: m.deleted, deactivated: false });
    expect(
      await t.deps.db.selectFrom('users').select('id').where('id', '=', fresh.id).executeTakeFirst(),
    ).toBeUndefined();

    const seller = await buildUser(t.deps.db, { userType: 'U', password: 'seller-pw' });
    await t.deps.db
      .insertInto('sales')
      .values({
        our_transaction_id: `tx-${seller.id}`,
        receipt_id: `r-${seller.id}`,
        day: '2026-07-01',
        user_id: seller.id,
        location_id: mb,
        payment_method: 'Cash',
        hotel_id: null,
        room_number: '',
        last_name: '',
        customer_name: 'C',
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
    const token = await loginAs(t.app, seller.username, 'seller-pw');
    const res = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/deletePeople',
      payload: { postData: { id: seller.id } },
    });
    expect(res.json()).toMatchObject({ details: m.deleted, deactivated: true });
    const row = await t.deps.db
      .selectFrom('users')
      .select('active')
      .where('id', '=', seller.id)
      .executeTakeFirstOrThrow();
    expect(row.active).toBe(0);
    expect((await list('admin')).people.some((p: { id: number }) => p.id === seller.id)).toBe(false);
    // Their session ends at once.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('answers 404 for a missing user and 400 for a bad id', async () => {
    expect((await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getPeopleList/99999' })).statusCode).toBe(404);
    expect((await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getPeopleList/abc' })).statusCode).toBe(400);
    expect(
      (await injectAs(t.app, 'admin', { method: 'POST', url: '/api/deletePeople', payload: { postData: 'x' } }))
        .statusCode,
    ).toBe(400);
  });
});

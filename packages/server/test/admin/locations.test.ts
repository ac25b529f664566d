import { messages } from '@sandbar/contract/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BoardEvent } from '../../src/platform/events';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';

const m = messages.location;

describe(`location calls on ${testDialect}`, () => {
  let t: TestApp;
  const save = (as: string, postData: object) =>
    injectAs(t.app, as, { method: 'POST', url: '/api/saveLocation', payload: { postData } });
  const positions = (locationId: number) =>
    t.deps.db
      .selectFrom('positions')
      .selectAll()
      .where('location_id', '=', locationId)
      .orderBy('row')
      .orderBy('position')
      .execute();
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('lists locations with full name, initials, umbrellas and rows', async () => {
    const res = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getLocationList' });
    expect(res.statusCode).toBe(200);
    expect(res.json().locations[0]).toMatchObject({
      name: 'MB',
      fullName: 'Main Beach',
      umbrellas: 20,
      umbrellaRows: 4,
    });
    const one = await injectAs(t.app, 'admin', {
      method: 'GET',
      url: `/api/getLocationList/${res.json().locations[0].id}`,
    });
    expect(one.json().location.locationId).toBe(res.json().locations[0].id);
  });

  it('lets a supervisor view but not edit; manager and user get 403', async () => {
    expect((await injectAs(t.app, 'supervisor', { method: 'GET', url: '/api/getLocationList' })).statusCode).toBe(200);
    expect((await save('supervisor', { name: 'X', fullName: 'X', umbrellas: 1, umbrellaRows: 1 })).statusCode).toBe(
      403,
    );
    expect(
      (await injectAs(t.app, 'supervisor', { method: 'POST', url: '/api/deleteLocation', payload: { postData: 1 } }))
        .statusCode,
    ).toBe(403);
    for (const who of ['manager', 'staff']) {
      expect((await injectAs(t.app, who, { method: 'GET', url: '/api/getLocationList' })).statusCode).toBe(403);
      expect((await injectAs(t.app, who, { method: 'GET', url: '/api/getLocationList/1' })).statusCode).toBe(403);
      expect((await save(who, {})).statusCode).toBe(403);
    }
  });

  it('gives the four messages of spec section 5 and checks the numbers', async () => {
    const res = await save('admin', {});
    expect(res.statusCode).toBe(400);
    // In the spec's order, quoted exactly (section 5; issue 26): name, fullName, umbrellas, umbrellaRows.
    expect(res.json().details).toBe(
      [
        'You left the users "Name" blank',
        'You left the users "Full Name" blank',
        'You left the users "Umbrellas" blank',
        'You left the users "Umbrellas per Row" blank',
      ].join(' '),
    );
    // umbrellas → "Umbrellas", umbrellaRows → "Umbrellas per Row".
    const rowsOnly = await save('admin', { name: 'X', fullName: 'X', umbrellas: 5 });
    expect(rowsOnly.json().details).toBe(m.umbrellaRowsBlank);
    const perRowOnly = await save('admin', { name: 'X', fullName: 'X', umbrellaRows: 2 });
    expect(perRowOnly.json().details).toBe(m.umbrellasBlank);
    const nums = await save('admin', { name: 'X', fullName: 'X', umbrellas: 'ten', umbrellaRows: 0 });
    expect(nums.statusCode).toBe(400);
    expect(nums.json().details).toMatch(/whole number/);
    const huge = await save('admin', { name: 'X', fullName: 'X', umbrellas: 100000, umbrellaRows: 1 });
    expect(huge.statusCode).toBe(400);
  });

  it('adds a location with its positions, assigns it to admins and tells the boards', async () => {
    const events: BoardEvent[] = [];
    const off = t.deps.events.subscribe((e) => events.push(e));
    const res = await save('admin', { name: 'NB', fullName: 'North Beach', umbrellas: '3', umbrellaRows: '2' });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    // On PostgreSQL the event comes back through LISTEN/NOTIFY, a moment later.
    await vi.waitFor(() =>
      expect(events.some((e) => e.type === 'locations' && e.locationIds?.includes(id))).toBe(true),
    );
    off();
    const pos = await positions(id);
    expect(pos).toHaveLength(6);
    expect(pos.every((p) => p.unit_type === '' && p.unit_number === 0 && p.removed === 0)).toBe(true);
    const admin = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const assigned = await t.deps.db
      .selectFrom('user_locations')
      .selectAll()
      .where('user_id', '=', admin.id)
      .where('location_id', '=', id)
      .execute();
    expect(assigned).toHaveLength(1);
  });

  it('resizes without deleting positions: surplus marked removed, growth revives them', async () => {
    const { id } = (await save('admin', { name: 'RS', fullName: 'Resize', umbrellas: 4, umbrellaRows: 2 })).json();
    const first = await positions(id);
    expect(
      (await save('admin', { id, name: 'RS', fullName: 'Resize', umbrellas: 2, umbrellaRows: 1 })).statusCode,
    ).toBe(200);
    let pos = await positions(id);
    expect(pos).toHaveLength(8);
    expect(pos.filter((p) => p.removed === 0).map((p) => `${p.row}:${p.position}`)).toEqual(['1:1', '1:2']);
    expect(
      (await save('admin', { locationId: id, name: 'RS', fullName: 'Resize', umbrellas: 5, umbrellaRows: 2 }))
        .statusCode,
    ).toBe(200);
    pos = await positions(id);
    expect(pos).toHaveLength(10);
    expect(pos.every((p) => p.removed === 0)).toBe(true);
    // The same position ids as before: nothing was deleted.
    expect(first.every((f) => pos.some((p) => p.id === f.id))).toBe(true);
    const loc = (await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getLocationList/${id}` })).json().location;
    expect(loc).toMatchObject({ umbrellas: 5, umbrellaRows: 2 });
  });

  it('refuses to shrink past a unit in use today (409)', async () => {
    const { id } = (await save('admin', { name: 'BZ', fullName: 'Busy', umbrellas: 2, umbrellaRows: 1 })).json();
    const pos = await positions(id);
    const { readSettings } = await import('../../src/features/settings/settings.repository');
    const { businessDay } = await import('@sandbar/contract/rules/time');
    const day = businessDay(Date.now(), (await readSettings(t.deps.db)).timeZone);
    await t.deps.db
      .insertInto('unit_states')
      .values({ position_id: pos[1]!.id, day, status: 2, version: 1, updated_at: Date.now() } as never)
      .execute();
    const res = await save('admin', { id, name: 'BZ', fullName: 'Busy', umbrellas: 1, umbrellaRows: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toMatch(/Row 1, position 2/);
    // And a location with history cannot be deleted.
    const del = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/deleteLocation',
      payload: { postData: id },
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().details).toMatch(/cannot be deleted/);
  });

  it('deletes a location without history', async () => {
    const { id } = (await save('admin', { name: 'DL', fullName: 'Delete Me', umbrellas: 2, umbrellaRows: 2 })).json();
    const res = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/deleteLocation',
      payload: { postData: id },
    });
    expect(res.json()).toEqual({ success: 1, details: m.deleted });
    expect(await positions(id)).toHaveLength(0);
    expect((await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getLocationList/${id}` })).statusCode).toBe(404);
    expect(
      (await injectAs(t.app, 'admin', { method: 'POST', url: '/api/deleteLocation', payload: { postData: id } }))
        .statusCode,
    ).toBe(404);
  });
});

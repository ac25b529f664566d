import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, redactToken } from '../../src/app';
import { connectPostgres } from '../../src/db/connect';
import { loadEnv } from '../../src/env';
import { type TestApp, buildTestApp, injectAs, loginAs, testDialect } from '../helpers';
import { buildUser } from '../factories';
import { positionOf } from './factories';

interface Stream {
  status: number;
  contentType: string | null;
  events: { type: string; day: string; unitIds: number[]; locationIds?: number[] }[];
  comments: string[];
  /** Set when the server ended the stream. */
  ended: boolean;
  close(): void;
}

/** Opens GET /api/events like EventSource does (token in the query) and collects what arrives. */
async function openStream(app: FastifyInstance, token: string): Promise<Stream> {
  const { port } = app.server.address() as AddressInfo;
  const ctrl = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/events?token=${encodeURIComponent(token)}`, {
    signal: ctrl.signal,
  });
  const stream: Stream = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events: [],
    comments: [],
    ended: false,
    close: () => ctrl.abort(),
  };
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            stream.ended = true;
            break;
          }
          buf += decoder.decode(value, { stream: true });
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            for (const line of block.split('\n')) {
              if (line.startsWith('data: ')) stream.events.push(JSON.parse(line.slice(6)));
              else if (line.startsWith(':')) stream.comments.push(line);
            }
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return stream;
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for an event');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe(`live board events on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('keeps the query token out of request logs', () => {
    expect(redactToken('/api/events?token=abc.def')).toBe('/api/events?token=[redacted]');
    expect(redactToken('/api/events?x=1&token=abc&y=2')).toBe('/api/events?x=1&token=[redacted]&y=2');
    expect(redactToken('/api/getUnits?searchTerm=token')).toBe('/api/getUnits?searchTerm=token');
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/events?token=nope' });
    expect(bad.statusCode).toBe(401);
  });

  it('streams each change to users of that location only', async () => {
    const admin = await openStream(t.app, await loginAs(t.app, 'admin'));
    const staff = await openStream(t.app, await loginAs(t.app, 'staff'));
    expect(admin.status).toBe(200);
    expect(admin.contentType).toMatch(/^text\/event-stream/);
    await until(() => admin.comments.includes(': connected') && staff.comments.includes(': connected'));

    const cabana = await positionOf(t.deps.db, 'CD', 101);
    const umbrella = await positionOf(t.deps.db, 'MB', 1);
    expect(
      (
        await injectAs(t.app, 'admin', {
          method: 'POST',
          url: '/api/markOccupied',
          payload: { unitData: { unitId: cabana.id } },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await injectAs(t.app, 'admin', {
          method: 'POST',
          url: '/api/markOccupied',
          payload: { unitData: { unitId: umbrella.id } },
        })
      ).statusCode,
    ).toBe(200);

    await until(() => admin.events.length >= 2 && staff.events.length >= 1);
    expect(admin.events.map((e) => e.unitIds[0])).toEqual([cabana.id, umbrella.id]);
    expect(admin.events[0]).toMatchObject({ type: 'markOccupied', locationIds: [cabana.location_id] });
    // Staff are assigned MB only: they hear about the umbrella, never the cabana.
    await new Promise((r) => setTimeout(r, 100));
    expect(staff.events.map((e) => e.unitIds[0])).toEqual([umbrella.id]);
    admin.close();
    staff.close();
  });

  it('tells open boards about a new location and about locations given to or taken from a user', async () => {
    const admin = await openStream(t.app, await loginAs(t.app, 'admin'));
    const staff = await openStream(t.app, await loginAs(t.app, 'staff'));
    await until(() => admin.comments.includes(': connected') && staff.comments.includes(': connected'));
    const added = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveLocation',
      payload: { postData: { name: 'EV', fullName: 'Event Beach', umbrellas: '2', umbrellaRows: '1' } },
    });
    expect(added.statusCode, added.body).toBe(200);
    const newId: number = added.json().id;
    // The admin's stream learnt of the location after it connected, and passes the event on.
    await until(() => admin.events.some((e) => e.type === 'locations' && e.locationIds?.includes(newId)));

    const staffRow = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'staff')
      .executeTakeFirstOrThrow();
    const person = (await injectAs(t.app, 'admin', { method: 'GET', url: `/api/getPeopleList/${staffRow.id}` })).json()
      .person as { locations: string };
    expect(staff.events.some((e) => e.locationIds?.includes(newId))).toBe(false);
    const give = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/savePeople',
      payload: { postData: { ...person, pass: '', confirmPass: '', locations: `${person.locations}${newId},` } },
    });
    expect(give.statusCode, give.body).toBe(200);
    await until(() => staff.events.some((e) => e.type === 'locations' && e.locationIds?.includes(newId)));
    const board = await injectAs(t.app, 'staff', { method: 'GET', url: '/api/getUnits' });
    expect(board.json().locations.map((l: { name: string }) => l.name)).toContain('EV');

    const before = staff.events.length;
    const take = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/savePeople',
      payload: { postData: { ...person, pass: '', confirmPass: '' } },
    });
    expect(take.statusCode, take.body).toBe(200);
    // Taken away: the stream no longer covers it, yet still tells the board to drop the strip.
    await until(() => staff.events.slice(before).some((e) => e.type === 'locations' && e.locationIds?.includes(newId)));
    admin.close();
    staff.close();
  });

  it('closes open streams when the app closes', async () => {
    const extra = await buildTestApp();
    await extra.app.listen({ port: 0, host: '127.0.0.1' });
    const s = await openStream(extra.app, await loginAs(extra.app, 'admin'));
    await until(() => s.comments.length > 0);
    const started = Date.now();
    await extra.close();
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it.runIf(testDialect === 'postgres')('crosses server instances on one PostgreSQL database', async () => {
    const second = await buildApp({
      database: connectPostgres(t.testDb.url!, 4),
      env: loadEnv({ LOG_LEVEL: 'silent', SANDBAR_DEMO: '0' }),
      logger: false,
      webDist: null,
    });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      // Signed in on the first instance; the session lives in the shared database.
      const s = await openStream(second, await loginAs(t.app, 'manager'));
      expect(s.status).toBe(200);
      await until(() => s.comments.includes(': connected'));
      const unit = await positionOf(t.deps.db, 'MB', 2);
      const res = await injectAs(t.app, 'admin', {
        method: 'POST',
        url: '/api/markOccupied',
        payload: { unitData: { unitId: unit.id } },
      });
      expect(res.statusCode).toBe(200);
      await until(() => s.events.some((e) => e.unitIds.includes(unit.id)));
      // And the second instance's board already shows it (its cache heard the same event).
      const board = await injectAs(second, 'manager', { method: 'GET', url: '/api/getUnits' });
      expect(board.json().locations[0].units[0][1]).toMatchObject({ id: unit.id, unitStatus: 5 });
      s.close();
    } finally {
      await second.close();
      await second.deps.database.close();
    }
  });
});

describe(`live board streams end with their session on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  /** A fresh session (not the cached one of loginAs): these tests end sessions. */
  const signIn = async (username: string, password = 'sandbar-demo') => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };
  const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

  it('closes an open stream on sign-out', async () => {
    const token = await signIn('manager');
    const stream = await openStream(t.app, token);
    expect(stream.status).toBe(200);
    expect((await as(token, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    await until(() => stream.ended);
    expect((await openStream(t.app, token)).status).toBe(401);
  });

  it('closes the streams of a deactivated user', async () => {
    const mb = (await t.deps.db.selectFrom('locations').select('id').where('name', '=', 'MB').executeTakeFirstOrThrow())
      .id;
    const user = await buildUser(t.deps.db, { userType: 'U', locationIds: [mb] });
    const token = await signIn(user.username, user.password);
    const stream = await openStream(t.app, token);
    expect(stream.status).toBe(200);
    const del = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/deletePeople',
      payload: { postData: user.id },
    });
    expect(del.statusCode, del.body).toBe(200);
    await until(() => stream.ended);
  });

  it('a changed own password ends the other sessions and their streams, and keeps the current one', async () => {
    const user = await buildUser(t.deps.db, { userType: 'A', password: 'first-password' });
    const here = await signIn(user.username, 'first-password');
    const elsewhere = await signIn(user.username, 'first-password');
    const mine = await openStream(t.app, here);
    const theirs = await openStream(t.app, elsewhere);
    const form = (await as(here, 'GET', `/api/getPeopleList/${user.id}`)).json();
    const saved = await as(here, 'POST', '/api/savePeople', {
      postData: { ...form.person, pass: 'second-password-1', confirmPass: 'second-password-1' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await until(() => theirs.ended);
    expect((await as(elsewhere, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await as(here, 'GET', '/api/auth/user')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(mine.ended).toBe(false);
    mine.close();
  });
});

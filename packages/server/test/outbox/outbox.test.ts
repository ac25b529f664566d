import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../src/platform/mail';
import { deliverDue, enqueue, outboxRetry } from '../../src/platform/outbox';
import { httpSmsProvider } from '../../src/platform/sms';
import { fixedClock } from '../../src/platform/clock';
import { readSettings } from '../../src/features/settings/settings.repository';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';

const silent = { warn() {}, error() {}, info() {}, debug() {} } as never;

describe(`outbox on ${testDialect}`, () => {
  let t: TestApp;
  const clock = fixedClock(Date.UTC(2026, 6, 4, 14, 0));
  let smtp: SMTPServer;
  let smtpPort = 0;
  const received: { to: string[]; data: string }[] = [];
  let smtpFailNext = 0;

  // The composition root hands the worker the venue's sender (main.ts does the same).
  const readSender = () => readSettings(t.deps.db);

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, cb) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          if (smtpFailNext > 0) {
            smtpFailNext--;
            return cb(new Error('mailbox busy'));
          }
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await t.close();
  });

  it('delivers e-mail through a real SMTP server', async () => {
    const id = await enqueue(t.deps.db, clock, {
      channel: 'email',
      recipient: 'guest@example.test',
      subject: 'Your receipt',
      body: 'Thanks for visiting',
      purpose: 'receipt',
    });
    const mailer = smtpMailer(`smtp://127.0.0.1:${smtpPort}`);
    expect(await deliverDue({ db: t.deps.db, clock, mailer, logger: silent, readSender })).toBe(1);
    expect(received.at(-1)!.to).toEqual(['guest@example.test']);
    expect(received.at(-1)!.data).toContain('Thanks for visiting');
    expect(received.at(-1)!.data).toContain('Subject: Your receipt');
    const row = await t.deps.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
  });

  it('retries a failed delivery with back-off and then sends it', async () => {
    const id = await enqueue(t.deps.db, clock, {
      channel: 'email',
      recipient: 'retry@example.test',
      subject: 's',
      body: 'retry me',
      purpose: 'receipt',
    });
    smtpFailNext = 1;
    const mailer = smtpMailer(`smtp://127.0.0.1:${smtpPort}`);
    expect(await deliverDue({ db: t.deps.db, clock, mailer, logger: silent, readSender })).toBe(0);
    let row = await t.deps.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('queued');
    expect(row.last_error).toMatch(/mailbox busy/);
    // Not due yet: nothing happens until the back-off has passed.
    expect(await deliverDue({ db: t.deps.db, clock, mailer, logger: silent, readSender })).toBe(0);
    clock.advance(outboxRetry.delayMs(1) + 1);
    expect(await deliverDue({ db: t.deps.db, clock, mailer, logger: silent, readSender })).toBe(1);
    row = await t.deps.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
  });

  it('keeps messages queued when no provider is configured', async () => {
    const id = await enqueue(t.deps.db, clock, {
      channel: 'sms',
      recipient: '+15550100',
      body: 'hi',
      purpose: 'receipt',
    });
    expect(await deliverDue({ db: t.deps.db, clock, logger: silent, readSender })).toBe(0);
    const row = await t.deps.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('queued');
    expect(row.attempts).toBe(0);
  });

  it('sends texts through the HTTP SMS adapter', async () => {
    const bodies: unknown[] = [];
    const server = http.createServer((req, res) => {
      let b = '';
      req.on('data', (c) => (b += c));
      req.on('end', () => {
        bodies.push({ auth: req.headers.authorization, body: JSON.parse(b) });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      await enqueue(t.deps.db, clock, {
        channel: 'sms',
        recipient: '+15550111',
        body: 'text receipt',
        purpose: 'receipt',
      });
      const sms = httpSmsProvider({ url: `http://127.0.0.1:${port}/send`, token: 'secret', from: 'Sandbar' });
      const n = await deliverDue({ db: t.deps.db, clock, sms, logger: silent, readSender });
      expect(n).toBeGreaterThanOrEqual(1);
      expect(bodies).toContainEqual({
        auth: 'Bearer secret',
        body: { to: '+15550111', from: 'Sandbar', body: 'text receipt' },
      });
    } finally {
      server.close();
    }
  });

  it('lists the outbox for admins only', async () => {
    const res = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getOutbox' });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages.length).toBeGreaterThanOrEqual(3);
    expect(res.json().messages[0]).toHaveProperty('recipient');
    const queued = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/getOutbox?status=queued' });
    expect(queued.json().messages.every((m: { status: string }) => m.status === 'queued')).toBe(true);
    for (const who of ['supervisor', 'manager', 'staff']) {
      const r = await injectAs(t.app, who, { method: 'GET', url: '/api/getOutbox' });
      expect(r.statusCode).toBe(403);
      expect(r.json().details).toBeTruthy();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { buildUser } from '../factories';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, buildSale, priceId, unitId } from '../sales/factories';

// Issue 12 item 5: the user's language, and receipts and e-mails in the guest's or recipient's.
describe(`English and Spanish on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(MORNING) });
  });
  afterAll(async () => t.close());

  const outbox = (purpose: string) =>
    t.deps.db.selectFrom('outbox').selectAll().where('purpose', '=', purpose).orderBy('id').execute();

  it('lets a signed-in user set their own language, and only English or Spanish', async () => {
    const set = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/setMyLanguage',
      payload: { languageCode: 'es' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ username: 'staff', languageCode: 'es' });
    const me = await injectAs(t.app, 'staff', { method: 'GET', url: '/api/auth/user' });
    expect(me.json().languageCode).toBe('es');
    // Nobody else changed.
    const admin = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/auth/user' });
    expect(admin.json().languageCode).toBe('en');
    const bad = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/setMyLanguage',
      payload: { languageCode: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContain('Choose English or Spanish.');
    const anon = await t.app.inject({ method: 'POST', url: '/api/setMyLanguage', payload: { languageCode: 'es' } });
    expect(anon.statusCode).toBe(401);
    await injectAs(t.app, 'staff', { method: 'POST', url: '/api/setMyLanguage', payload: { languageCode: 'en' } });
  });

  it("sends the receipts of a Spanish sale in Spanish, and an English sale's exactly as before", async () => {
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    const sell = async (n: number, extra: object) => {
      const res = await injectAs(t.app, 'staff', {
        method: 'POST',
        url: '/api/saveCustomer',
        payload: buildSale({ unitId: await unitId(t.deps.db, 'MB', n), selectedUnit: umbrella, ...extra }),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await sell(20, { customerName: 'Ana', languageCode: 'es' });
    await sell(21, {
      customerName: 'Luis',
      receiptType: 'email',
      customerEmail: 'luis@guest.test',
      languageCode: 'es',
    });
    await sell(22, { customerName: 'Pat', languageCode: 'en' });
    const [sms, mail, english] = await outbox('receipt');
    expect(sms!.body).toMatch(/^¡Gracias por visitar Sandbar Beach Club! Su recibo: http.*\/receipt\//);
    expect(mail).toMatchObject({ recipient: 'luis@guest.test', subject: 'Su recibo de Sandbar Beach Club' });
    expect(mail!.html).toContain('Gracias por visitar Sandbar Beach Club.');
    expect(english!.body).toMatch(/^Thank you for visiting Sandbar Beach Club! Your receipt: http.*\/receipt\//);

    // The public page's data says which language to show, with the date in Spanish.
    const receiptId = /\/receipt\/([\w-]+)/.exec(sms!.body)![1]!;
    const page = await t.app.inject({ method: 'GET', url: `/api/getReceipt/${receiptId}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().languageCode).toBe('es');
    expect(page.json().orderInfo.purchaseDate).toMatch(/^4\/7\/2026/);
    const enId = /\/receipt\/([\w-]+)/.exec(english!.body)![1]!;
    const enPage = (await t.app.inject({ method: 'GET', url: `/api/getReceipt/${enId}` })).json();
    expect(enPage.languageCode).toBe('en');
    expect(enPage.orderInfo.purchaseDate).toMatch(/^07\/04\/2026 \d{1,2}:\d{2} [AP]M$/);

    // The printed slip too.
    const printed = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/printReceipt',
      payload: { unitId: await unitId(t.deps.db, 'MB', 20), reprint: false },
    });
    expect(printed.statusCode, printed.body).toBe(200);
    const lines: string[] = printed.json().lines;
    expect(lines).toContain('Recibo');
    expect(lines.some((l) => /^Total +\$35\.00$/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('Pago'))).toBe(true);
  });

  it("uses the venue's language for a sale without one", async () => {
    await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveConfigSettings',
      payload: { venueLanguage: 'es' },
    });
    const umbrella = await priceId(t.deps.db, 'Umbrella + 2 Chairs');
    const res = await injectAs(t.app, 'staff', {
      method: 'POST',
      url: '/api/saveCustomer',
      payload: buildSale({ unitId: await unitId(t.deps.db, 'MB', 23), selectedUnit: umbrella, customerName: 'Eva' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await outbox('receipt')).at(-1)!.body).toMatch(/^¡Gracias por visitar/);
    await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveConfigSettings',
      payload: { venueLanguage: 'en' },
    });
  });

  it("sends the sign-in code in the user's language", async () => {
    const u = await buildUser(t.deps.db, { twoFactor: true, email: 'rosa@staff.test' });
    await t.deps.db.updateTable('users').set({ language_code: 'es' }).where('id', '=', u.id).execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: u.username, password: u.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const code = (await outbox('twoFactor')).at(-1)!;
    expect(code.subject).toBe('Código de acceso a Sandbar Beach Club');
    expect(code.body).toMatch(/^Su código de acceso a Sandbar Beach Club es \d{6}\. Vale por 10 minutos\.$/);
  });

  it("e-mails a report in a user's language to that user's address, in the venue's to others", async () => {
    await buildUser(t.deps.db, { email: 'jefa@beach.test', userType: 'A' }).then(({ id }) =>
      t.deps.db.updateTable('users').set({ language_code: 'es' }).where('id', '=', id).execute(),
    );
    const saved = await injectAs(t.app, 'admin', {
      method: 'POST',
      url: '/api/saveEmailAddresses',
      payload: { reportType: 'salesAgent', emailAddresses: 'jefa@beach.test, books@beach.test' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const ts = Math.floor(MORNING / 1000);
    const sent = await injectAs(t.app, 'admin', { method: 'GET', url: `/api/sendEmailReport/salesAgent/${ts}` });
    expect(sent.statusCode, sent.body).toBe(200);
    const mails = await outbox('report');
    const es = mails.find((m) => m.recipient === 'jefa@beach.test')!;
    const en = mails.find((m) => m.recipient === 'books@beach.test')!;
    expect(es.subject).toBe('Informe diario de Sandbar: Ventas por agente 2026-07-04');
    expect(es.html).toContain('<th>Agente</th>');
    expect(en.subject).toBe('Sandbar daily report: Sales by Agent 2026-07-04');
    expect(en.html).toContain('<th>Agent</th>');
  });
});

import { defaultSettings } from '@sandbar/contract/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { type TestApp, buildTestApp, injectAs, testDialect } from '../helpers';
import { MORNING, priceId, unitId } from '../sales/factories';

// The guest page in Spanish (issue 24 point 4): the venue's cancellation policy has a Spanish
// text (blank: the English one), on the page and the manage link; the confirmation text or
// e-mail lists the booked extras, in the guest's language.

const TOMORROW = '2026-07-05';

describe(`guest policy and confirmation extras on ${testDialect}`, () => {
  let t: TestApp;
  let towel: number;
  let chair: number;
  const clock = fixedClock(MORNING);
  const call = (method: 'GET' | 'POST', url: string, payload?: object, ip = '203.0.113.91') =>
    t.app.inject({ method, url: `/api/public/booking${url}`, payload, remoteAddress: ip });
  const configure = async (payload: object) => {
    const res = await injectAs(t.app, 'admin', { method: 'POST', url: '/api/saveConfigSettings', payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  const guest = (o: Record<string, unknown>) => ({
    day: TOMORROW,
    guestName: 'Paula Política',
    partySize: 2,
    acceptPolicy: true,
    ...o,
  });
  const outboxFor = (recipient: string) =>
    t.deps.db
      .selectFrom('outbox')
      .select(['body', 'subject'])
      .where('purpose', '=', 'booking')
      .where('recipient', '=', recipient)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    await configure({ bookingOnlineLocations: 'MB' });
    towel = await priceId(t.deps.db, 'Beach Towel');
    chair = await priceId(t.deps.db, 'Extra Chair');
    await t.deps.db.updateTable('prices').set({ name_es: 'Toalla de playa' }).where('id', '=', towel).execute();
    // The demo names every price in Spanish (issue 32): this chair is a price without one.
    await t.deps.db.updateTable('prices').set({ name_es: '' }).where('id', '=', chair).execute();
  });
  afterAll(async () => t.close());

  it("gives the page each price's Spanish name where the price list has one", async () => {
    const avail = (await call('GET', `/availability?day=${TOMORROW}`)).json();
    const byId = (id: number) => avail.prices.find((p: { id: number }) => p.id === id);
    expect(byId(towel)).toMatchObject({ name: 'Beach Towel', nameEs: 'Toalla de playa' });
    // No Spanish name: none sent, the page shows the English one.
    expect(byId(chair).nameEs).toBeUndefined();
  });

  it('shows the Spanish policy to Spanish guests, and the English one when the Spanish text is blank', async () => {
    // The default venue has both texts.
    let avail = (await call('GET', `/availability?day=${TOMORROW}`)).json();
    expect(avail.policy).toBe(defaultSettings.bookingCancelPolicy);
    expect(avail.policyEs).toBe(defaultSettings.bookingCancelPolicyEs);

    await configure({ bookingCancelPolicy: 'Cancel 48 hours ahead.', bookingCancelPolicyEs: '   ' });
    avail = (await call('GET', `/availability?day=${TOMORROW}`)).json();
    expect(avail).toMatchObject({ policy: 'Cancel 48 hours ahead.', policyEs: 'Cancel 48 hours ahead.' });

    await configure({ bookingCancelPolicyEs: 'Cancela con 48 horas de antelación.' });
    avail = (await call('GET', `/availability?day=${TOMORROW}`)).json();
    expect(avail).toMatchObject({ policy: 'Cancel 48 hours ahead.', policyEs: 'Cancela con 48 horas de antelación.' });

    const unit = await unitId(t.deps.db, 'MB', 41);
    const res = await call('POST', '', guest({ unitIds: [unit], phone: '305 555 0941', languageCode: 'es' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({
      policy: 'Cancel 48 hours ahead.',
      policyEs: 'Cancela con 48 horas de antelación.',
    });
    const token = res.json().manageUrl.split('/').pop();
    expect((await call('GET', `/manage/${token}`)).json().policyEs).toBe('Cancela con 48 horas de antelación.');
    // No extras booked: the message says none.
    expect((await outboxFor('+13055550941')).body).not.toContain('extras');
  });

  it('lists the booked extras in the confirmation, in the guest’s language', async () => {
    const es = await call(
      'POST',
      '',
      guest({
        unitIds: [await unitId(t.deps.db, 'MB', 42)],
        phone: '305 555 0942',
        languageCode: 'es',
        itemIds: [towel, chair],
      }),
    );
    expect(es.statusCode, es.body).toBe(200);
    // The towel has a Spanish name; the chair has none and keeps its own.
    expect((await outboxFor('+13055550942')).body).toContain(
      `reservado MB 42 el ${TOMORROW}, extras: Toalla de playa, Extra Chair. Ver o cancelar:`,
    );

    const en = await call(
      'POST',
      '',
      guest({
        unitIds: [await unitId(t.deps.db, 'MB', 43)],
        email: 'paula@example.com',
        languageCode: 'en',
        itemIds: [towel],
      }),
    );
    expect(en.statusCode, en.body).toBe(200);
    const mail = await outboxFor('paula@example.com');
    expect(mail.subject).toContain('Your booking at');
    expect(mail.body).toContain(`booked MB 43 on ${TOMORROW}, extras: Beach Towel. View or cancel:`);
  });
});

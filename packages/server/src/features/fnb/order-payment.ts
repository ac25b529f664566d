import { type FnbLanguage, fnbTextsIn } from '@sandbar/contract/fnb-texts';
import type { AppDeps } from '../../platform/deps';
import { serviceUnavailable } from '../../platform/errors';
import { readSettings } from '../settings/settings.repository';

// A guest's order paid by card (issue 35 point 3): the provider's page is opened once the order is
// written (unseen by the stations, `awaiting_payment`); the webhook (online.service.ts) lets it
// through when paid. An outage voids the order at once: nothing was taken.

const PAY_MINUTES = 30;

/** Opens the provider's page for an order placed with payment 'online'; the order waits unseen. */
export async function startOrderPayment(
  deps: AppDeps,
  o: { id: number; totalCents: number; lang: FnbLanguage; unitLabel: string },
  urls: { base: string; token: string },
): Promise<string> {
  const texts = fnbTextsIn(o.lang);
  const provider = deps.payments;
  const settings = await readSettings(deps.db);
  const now = deps.clock.now();
  try {
    if (!provider) throw new Error('no provider');
    const started = await provider.startPayment({
      reference: `fnb-order-${o.id}`,
      amountCents: o.totalCents,
      currency: settings.paymentCurrency || 'USD',
      description: `${settings.venueName} — ${o.unitLabel}, #${o.id}`,
      successUrl: `${urls.base}/order/${urls.token}?paid=${o.id}`,
      // Back without paying (Abandon, a declined card): the page says so (?notPaid=1).
      cancelUrl: `${urls.base}/order/${urls.token}?notPaid=1`,
      expiresAt: now + PAY_MINUTES * 60_000,
      locale: o.lang,
    });
    await deps.db.updateTable('fnb_orders').set({ payment_ref: started.providerRef }).where('id', '=', o.id).execute();
    return started.redirectUrl;
  } catch {
    // Nothing was taken: the order never reaches a station.
    await deps.db
      .updateTable('fnb_orders')
      .set({ status: 'voided', voided_at: now, void_reason: 'Online payment unavailable' })
      .where('id', '=', o.id)
      .execute();
    throw serviceUnavailable(texts.errors.onlineUnavailable);
  }
}

/**
 * Orders whose payment page ran out unpaid (the guest abandoned it or closed the phone) are voided
 * "Not paid online", as a declined card is: left waiting they would count against the unit's open
 * orders for the rest of the day. The provider's page is closed first; one it reports paid is left
 * for its webhook. Run by the payments job (jobs.ts); returns how many it voided.
 */
export async function voidUnpaidOrders(deps: Pick<AppDeps, 'db' | 'clock' | 'payments'>): Promise<number> {
  const now = deps.clock.now();
  const stale = await deps.db
    .selectFrom('fnb_orders')
    .select(['id', 'payment_ref'])
    .where('awaiting_payment', '=', 1)
    .where('status', '!=', 'voided')
    .where('created_at', '<', now - PAY_MINUTES * 60_000)
    .limit(50)
    .execute();
  let voided = 0;
  for (const o of stale) {
    if (o.payment_ref && deps.payments) {
      try {
        if (!(await deps.payments.cancelPayment(o.payment_ref))) continue;
      } catch {
        continue; // the provider is out: the next run asks again
      }
    }
    const done = await deps.db
      .updateTable('fnb_orders')
      .set({ status: 'voided', voided_at: now, void_reason: 'Not paid online' })
      .where('id', '=', o.id)
      .where('awaiting_payment', '=', 1)
      .where('status', '!=', 'voided')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) > 0) voided++;
  }
  return voided;
}

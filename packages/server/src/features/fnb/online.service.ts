import { fnbEvents } from '@sandbar/contract/fnb';
import { type FnbLanguage, fnbPrice, fnbTextsIn } from '@sandbar/contract/fnb-texts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { type BoardEvent, BOARD_EVENTS_CHANNEL } from '../../platform/events';
import { conflict, serviceUnavailable } from '../../platform/errors';
import { type OtherPayments, registerOtherPayments } from '../payments/online-payment.service';
import * as repo from './orders.repository';
import { labelOf, ordersOut } from './orders.service';
import { finishFnbRefund, queueFnbRefund, sendFnbRefunds } from './refunds.service';
import { provenTabGuest } from './tab-guest';

// Paying online for food and drink (issue 35 points 3 and 7) through issue 33's PaymentProvider:
// a guest's order paid by card reaches the stations only once the provider's verified webhook says
// paid; a guest may pay the unit's tab the same way. The webhook is the payments feature's one
// path; this module answers for the references it started (registerOtherPayments). The money is
// the provider's (like an online deposit: never cash on hand); the order lines count in the F&B
// report. Money that pays nothing, and an online-paid order voided, is refunded through the
// provider by refunds.service.ts (durable, retried; decision 368).

type Unit = {
  id: number;
  location_id: number;
  unit_type: string;
  location_name: string;
  unit_number: number;
  row: number;
  position: number;
};
const PAY_MINUTES = 30;

/** Tells the screens inside the webhook's transaction: PostgreSQL sends it at the commit. */
async function notifyInTransaction(trx: Kysely<DB>, deps: Pick<AppDeps, 'events'>, e: BoardEvent) {
  if (deps.events.viaDatabase) await sql`select pg_notify(${BOARD_EVENTS_CHANNEL}, ${JSON.stringify(e)})`.execute(trx);
  else void deps.events.publish(e);
}

/** POST /public/order/:token/pay-tab : the guest pays the unit's tab (delivered, unpaid orders) online. */
export async function payTabOnline(
  deps: AppDeps,
  unit: Unit,
  input: { phoneLast4: string; totalCents: number; languageCode: FnbLanguage },
  urls: { base: string; token: string },
): Promise<{ payUrl: string }> {
  const texts = fnbTextsIn(input.languageCode);
  const { settings, now, day } = await provenTabGuest(deps, unit, input.phoneLast4, texts);
  const tab = await repo.tabOf(deps.db, unit.id, day);
  if (!tab) throw conflict(texts.errors.tabEmpty);
  const orders = await ordersOut(deps.db, await repo.ordersByIds(deps.db, await repo.tabOrderIds(deps.db, tab.id)));
  if (orders.some((o) => o.status !== 'voided' && o.status !== 'delivered'))
    throw conflict(texts.errors.tabHasOpenOrders);
  const due = orders.filter((o) => o.status === 'delivered' && !o.paid).reduce((s, o) => s + o.totalCents, 0);
  if (due === 0) throw conflict(tab.status === 'settled' ? texts.errors.tabSettled : texts.errors.tabEmpty);
  if (due !== input.totalCents) throw conflict(texts.errors.tabTotalChanged(fnbPrice(due)));
  const provider = deps.payments;
  if (!provider) throw serviceUnavailable(texts.errors.onlineUnavailable);
  let started;
  try {
    started = await provider.startPayment({
      reference: `fnb-tab-${tab.id}-${now}`,
      amountCents: due,
      currency: settings.paymentCurrency || 'USD',
      description: `${settings.venueName} — ${labelOf(unit)}`,
      successUrl: `${urls.base}/order/${urls.token}?tabPaid=1`,
      cancelUrl: `${urls.base}/order/${urls.token}?notPaid=1`,
      expiresAt: now + PAY_MINUTES * 60_000,
      locale: input.languageCode,
    });
  } catch {
    throw serviceUnavailable(texts.errors.onlineUnavailable);
  }
  await deps.db.updateTable('fnb_tabs').set({ payment_ref: started.providerRef }).where('id', '=', tab.id).execute();
  return { payUrl: started.redirectUrl };
}

/** The webhook's answer for F&B references (an order's or a tab's page). */
export const fnbOnlinePayments: OtherPayments = {
  finishRefund: finishFnbRefund,
  async apply(trx, deps, event) {
    const now = deps.clock.now();
    const order = await trx
      .selectFrom('fnb_orders')
      .selectAll()
      .where('payment_ref', '=', event.providerRef)
      .executeTakeFirst();
    if (order) {
      const tell = () =>
        notifyInTransaction(trx, deps, {
          type: fnbEvents.order,
          day: order.day,
          unitIds: [],
          locationIds: [order.location_id],
        });
      if (event.type === 'payment.succeeded') {
        if (!order.awaiting_payment)
          return { status: 'ignored', reason: `F&B order #${order.id} was already paid or voided.` };
        // Money that pays for nothing goes back through the provider (decision 356): a refund row
        // written in the webhook's transaction, sent after its commit and retried (decision 368).
        const giveBack = async (why: string) => {
          const id = await queueUnapplied(trx, deps, {
            orderId: order.id,
            tabId: null,
            positionId: order.position_id,
            locationId: order.location_id,
            day: order.day,
            key: `fnb-order-${order.id}-${event.paymentRef}-refund`,
            paymentRef: event.paymentRef,
            cents: event.amountCents,
            why: `F&B order #${order.id}: ${why}`,
          });
          return {
            status: 'refused' as const,
            reason: `F&B order #${order.id}: ${why}: refunded through the provider.`,
            afterCommit: id == null ? undefined : () => sendQuietly(deps, id),
          };
        };
        if (order.status === 'voided') return await giveBack('voided before it was paid');
        if (event.amountCents !== order.total_cents)
          return await giveBack(`paid ${event.amountCents}, asked ${order.total_cents}`);
        // Paid: the order reaches the stations now, its age counted from the payment.
        await trx
          .updateTable('fnb_orders')
          .set({ awaiting_payment: 0, paid: 1, created_at: now, paid_ref: event.paymentRef })
          .where('id', '=', order.id)
          .where('awaiting_payment', '=', 1)
          .execute();
        await tell();
        return { status: 'processed' };
      }
      if (!order.awaiting_payment || order.status === 'voided')
        return { status: 'ignored', reason: 'Nothing waits for this payment.' };
      await trx
        .updateTable('fnb_orders')
        .set({ status: 'voided', voided_at: now, void_reason: 'Not paid online' })
        .where('id', '=', order.id)
        .execute();
      return { status: 'processed' };
    }
    const tab = await trx
      .selectFrom('fnb_tabs')
      .selectAll()
      .where('payment_ref', '=', event.providerRef)
      .executeTakeFirst();
    if (!tab) return null;
    if (event.type !== 'payment.succeeded') return { status: 'processed', reason: 'The tab stays open.' };
    const due = await trx
      .selectFrom('fnb_orders')
      .select(['id', 'total_cents'])
      .where('tab_id', '=', tab.id)
      .where('status', '=', 'delivered')
      .where('paid', '=', 0)
      .execute();
    const cents = due.reduce((s, o) => s + o.total_cents, 0);
    // The guest's money that pays nothing (staff settled the tab meanwhile, or its total moved)
    // goes back through the provider, as a voided online order's does (a row, sent after the commit).
    const giveBack = async (why: string) => {
      const id = await queueUnapplied(trx, deps, {
        orderId: null,
        tabId: tab.id,
        positionId: tab.position_id,
        locationId: tab.location_id,
        day: tab.day,
        key: `fnb-tab-${tab.id}-${event.paymentRef}-refund`,
        paymentRef: event.paymentRef,
        cents: event.amountCents,
        why: `F&B tab ${tab.id}: ${why}`,
      });
      return {
        status: 'refused' as const,
        reason: `Tab ${tab.id}: ${why}: refunded through the provider.`,
        afterCommit: id == null ? undefined : () => sendQuietly(deps, id),
      };
    };
    if (cents === 0) return await giveBack('nothing left to pay');
    if (cents !== event.amountCents) return await giveBack(`paid ${event.amountCents}, owed ${cents}`);
    await trx
      .updateTable('fnb_orders')
      // paid_ref: the provider's payment, what a refund of these orders names.
      .set({ paid: 1, paid_ref: event.paymentRef })
      .where(
        'id',
        'in',
        due.map((o) => o.id),
      )
      .execute();
    await trx.updateTable('fnb_tabs').set({ status: 'settled', settled_at: now }).where('id', '=', tab.id).execute();
    await notifyInTransaction(trx, deps, {
      type: fnbEvents.tab,
      day: tab.day,
      unitIds: [],
      locationIds: [tab.location_id],
    });
    return { status: 'processed' };
  },
};

/** Called once per app (fnb.routes.ts): the payments webhook asks this module for its references. */
export const registerFnbPayments = () => registerOtherPayments(fnbOnlinePayments);

/** A guest's payment that could not be applied, written as a refund to send (decision 368). */
async function queueUnapplied(
  trx: Kysely<DB>,
  deps: Pick<AppDeps, 'clock'>,
  p: {
    orderId: number | null;
    tabId: number | null;
    positionId: number;
    locationId: number;
    day: string;
    key: string;
    paymentRef: string;
    cents: number;
    why: string;
  },
): Promise<number | null> {
  return queueFnbRefund(trx, {
    kind: 'unapplied',
    order_id: p.orderId,
    tab_id: p.tabId,
    position_id: p.positionId,
    location_id: p.locationId,
    day: p.day,
    payment_ref: p.paymentRef,
    amount_cents: p.cents,
    idem_key: p.key,
    reason: p.why,
    created_at: deps.clock.now(),
    created_by: null,
  });
}

/** After a commit: the refund is sent now; a failure stays on its row for the job and for staff. */
export async function sendQuietly(deps: Pick<AppDeps, 'db' | 'clock' | 'payments'>, id: number): Promise<void> {
  try {
    await sendFnbRefunds(deps, [id]);
  } catch {
    // The row is queued or sending: the payments job takes it again.
  }
}

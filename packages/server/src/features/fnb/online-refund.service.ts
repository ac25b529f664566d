import type { RefundFnbOnlineBody } from '@sandbar/contract/fnb';
import { fnbPrice, fnbTexts } from '@sandbar/contract/fnb-texts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import type { AppDeps, SessionUser } from '../../platform/deps';
import { HttpError, conflict, forbidden, notFound } from '../../platform/errors';
import { venueDay } from '../sales/sale-units';
import { readSettings } from '../settings/settings.repository';
import { userLocationIds } from '../units/units.repository';
import { publishOrder } from './orders.service';
import { answerOf, queueFnbRefund, refundsByIds, sendFnbRefunds } from './refunds.service';

// Staff's correction of F&B money a guest paid online (decision 369): an order paid online, or the
// orders of a tab the guest paid online, refunded through the provider — all or part — with a
// reason, audited, by supervisors and admins in their locations. Each order keeps what was taken
// back (`refunded_cents`, raised by a conditional update that never passes its total), so two
// refunds at once never give back more than was paid; the refund row's key makes the provider
// refund once whatever is retried. Sent after the commit; a refusal waits on Needs attention.

class RaceLost extends Error {}
type In = z.output<typeof RefundFnbOnlineBody>;
const en = fnbTexts.en;

/** POST /refundFnbOnline */
export async function refundOnline(deps: AppDeps, user: SessionUser, input: In) {
  const target =
    input.orderId != null
      ? await deps.db
          .selectFrom('fnb_orders')
          .select(['id', 'location_id', 'position_id', 'day', 'tab_id'])
          .where('id', '=', input.orderId)
          .executeTakeFirst()
      : await deps.db
          .selectFrom('fnb_tabs')
          .select(['id', 'location_id', 'position_id', 'day'])
          .where('id', '=', input.tabId!)
          .executeTakeFirst();
  if (!target) throw notFound(input.orderId != null ? en.errors.orderNotFound : en.errors.tabNotFound);
  if (!(await userLocationIds(deps.db, user.id)).includes(target.location_id))
    throw forbidden(en.errors.notYourLocation);

  // The orders whose online money this refunds, oldest first.
  const orders = await deps.db
    .selectFrom('fnb_orders')
    .select(['id', 'total_cents', 'refunded_cents', 'paid_ref', 'status', 'tab_id'])
    .where(input.orderId != null ? 'id' : 'tab_id', '=', input.orderId ?? input.tabId!)
    .where('paid', '=', 1)
    .where('paid_ref', 'is not', null)
    .orderBy('id')
    .execute();
  const refs = [...new Set(orders.map((o) => o.paid_ref!))];
  const keyOf = (ref: string) => `fnb-correction-${input.clientRefundId}-${ref}`.slice(0, 200);
  const replay = async () => {
    if (refs.length === 0) return null;
    const rows = await deps.db
      .selectFrom('fnb_refunds')
      .select('id')
      .where('idem_key', 'in', refs.map(keyOf))
      .execute();
    if (rows.length === 0) return null;
    const refunds = await refundsByIds(
      deps.db,
      rows.map((r) => r.id),
    );
    return { success: 1 as const, details: answerOf(refunds), refunds };
  };
  const again = await replay();
  if (again) return again;

  const refundable = orders.filter((o) => o.status !== 'voided');
  if (refundable.length === 0) throw conflict(orders.length ? en.refunds.nothingLeft : en.refunds.notOnline);
  const left = refundable.reduce((s, o) => s + o.total_cents - o.refunded_cents, 0);
  if (left <= 0) throw conflict(en.refunds.nothingLeft);
  if (input.amountCents > left) throw conflict(en.refunds.tooMuch(fnbPrice(left)));

  const { timeZone } = await readSettings(deps.db);
  const now = deps.clock.now();
  const day = venueDay(now, timeZone);
  let ids: number[];
  try {
    ids = await deps.db.transaction().execute(async (trx) => {
      // Taken from the oldest order first; each order's share is claimed by a conditional update,
      // so a second refund racing this one finds less left and stops (its transaction rolls back).
      let want = input.amountCents;
      const byRef = new Map<string, number>();
      for (const o of refundable) {
        if (want <= 0) break;
        const take = Math.min(want, o.total_cents - o.refunded_cents);
        if (take <= 0) continue;
        const r = await trx
          .updateTable('fnb_orders')
          .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', take) }))
          .where('id', '=', o.id)
          .where('refunded_cents', '=', o.refunded_cents)
          .where('status', '!=', 'voided')
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw new RaceLost();
        byRef.set(o.paid_ref!, (byRef.get(o.paid_ref!) ?? 0) + take);
        want -= take;
      }
      const out: number[] = [];
      for (const [ref, cents] of byRef) {
        const id = await queueFnbRefund(trx, {
          kind: 'correction',
          order_id: input.orderId ?? null,
          tab_id: input.tabId ?? refundable[0]!.tab_id ?? null,
          position_id: target.position_id,
          location_id: target.location_id,
          day,
          payment_ref: ref,
          amount_cents: cents,
          idem_key: keyOf(ref),
          reason: input.reason,
          created_at: now,
          created_by: user.id,
        });
        if (id == null) throw conflict(en.refunds.notOwed);
        out.push(id);
      }
      const what = input.orderId != null ? `order #${input.orderId}` : `tab ${input.tabId}`;
      await trx
        .insertInto('audit_log')
        .values({
          user_id: user.id,
          kind: 'fnbRefund',
          detail: `${what}: ${fnbPrice(input.amountCents)} to refund online: ${input.reason}`,
          at: now,
        })
        .execute();
      return out;
    });
  } catch (err) {
    // The same request twice at once: the second answers what the first made.
    if (isUniqueViolation(err) || err instanceof RaceLost || (err instanceof HttpError && err.statusCode === 409)) {
      const done = await replay();
      if (done) return done;
    }
    if (err instanceof RaceLost) {
      // Another refund took part of it first: say what is left now.
      const now = await deps.db
        .selectFrom('fnb_orders')
        .select((eb) => eb.fn.sum<number>(eb('total_cents', '-', eb.ref('refunded_cents'))).as('left'))
        .where(
          'id',
          'in',
          refundable.map((o) => o.id),
        )
        .where('status', '!=', 'voided')
        .executeTakeFirst();
      const still = Number(now?.left ?? 0);
      throw conflict(still > 0 ? en.refunds.tooMuch(fnbPrice(still)) : en.refunds.nothingLeft);
    }
    throw err;
  }
  await sendFnbRefunds(deps, ids);
  await publishOrder(deps, { day: target.day, locationId: target.location_id }, true);
  const refunds = await refundsByIds(deps.db, ids);
  return { success: 1 as const, details: answerOf(refunds), refunds };
}

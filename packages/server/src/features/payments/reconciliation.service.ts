import { centsToMoney } from '@sandbar/contract/common';
import { type ReconciliationLine, type ReconciliationResponse, reconciliationTexts } from '@sandbar/contract/payments';
import { reportTexts } from '@sandbar/contract/reports';
import { addDays, businessDay } from '@sandbar/contract/rules/time';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { forbidden, serviceUnavailable } from '../../platform/errors';
import { type BalanceLine, PaymentProviderError } from '../../platform/payments/provider';
import type { SessionUser } from '../auth/auth.service';
import { readSettings } from '../settings/settings.repository';
import { readProviderDays } from './provider-lines';
import { ONLINE_METHOD } from './refunds.service';

// A day's reconciliation (issue 33 point 9, decision 305): Sandbar's ledger of online money
// (reservation_payments, method Online: deposits in, refunds out, each with the provider's
// reference) beside the provider's balance lines read through the port, matched by reference and
// compared to the cent. Money that crosses midnight (paid at 23:59, the webhook at 00:00) would be
// "missing" on both days if each side were cut at the day's edges, so both sides are read a day
// either way, matched, and a pair is shown on the day either side of it belongs to.

interface Side {
  cents: number;
  currency: string;
  at: number;
  day: string;
}

/** Reads the ledger's online money of the days around `day`, with the currency of its payment. */
async function ledgerAround(db: Kysely<DB>, day: string, fallbackCurrency: string) {
  const rows = await db
    .selectFrom('reservation_payments')
    // A payment names its intent by the provider's payment id; a refund by its refund row.
    .leftJoin('payment_intents as paid', (j) =>
      j
        .onRef('paid.reservation_id', '=', 'reservation_payments.reservation_id')
        .onRef('paid.payment_ref', '=', 'reservation_payments.card_transaction_id'),
    )
    .leftJoin('payment_refunds', (j) =>
      j
        .onRef('payment_refunds.reservation_id', '=', 'reservation_payments.reservation_id')
        .onRef('payment_refunds.provider_refund_ref', '=', 'reservation_payments.card_transaction_id'),
    )
    .leftJoin('payment_intents as refunded', 'refunded.id', 'payment_refunds.intent_id')
    .select([
      'reservation_payments.id',
      'reservation_payments.reservation_id',
      'reservation_payments.kind',
      'reservation_payments.amount_cents',
      'reservation_payments.day',
      'reservation_payments.at',
      'reservation_payments.card_transaction_id',
      'paid.currency as paid_currency',
      'refunded.currency as refund_currency',
    ])
    .where('reservation_payments.method', '=', ONLINE_METHOD)
    .where('reservation_payments.kind', 'in', ['deposit', 'refund'])
    .where('reservation_payments.day', '>=', addDays(day, -1))
    .where('reservation_payments.day', '<=', addDays(day, 1))
    .execute();
  return rows.map((r) => ({ ...r, currency: r.paid_currency ?? r.refund_currency ?? fallbackCurrency }));
}

export async function reconcileDay(
  deps: Pick<AppDeps, 'db' | 'clock' | 'payments'>,
  user: Pick<SessionUser, 'userType'>,
  day: string,
): Promise<ReconciliationResponse> {
  const settings = await readSettings(deps.db);
  const now = deps.clock.now();
  const tz = settings.timeZone;
  if (user.userType === 'S') {
    // Supervisors' window is the reports' (decision 050): today and yesterday.
    const today = businessDay(now, tz);
    if (day !== today && day !== addDays(today, -1)) throw forbidden(reportTexts.outsideWindow);
  } else if (user.userType !== 'A') throw forbidden(reportTexts.notYourReport);
  const provider = deps.payments;
  if (!provider) throw serviceUnavailable(reconciliationTexts.noProvider);

  let lines: BalanceLine[];
  try {
    lines = await readProviderDays(deps.db, provider, { from: addDays(day, -1), to: addDays(day, 1) }, tz, now);
  } catch (err) {
    const why = err instanceof PaymentProviderError ? err.message : 'it did not answer.';
    throw serviceUnavailable(reconciliationTexts.providerDown(why));
  }
  const ledger = await ledgerAround(deps.db, day, settings.paymentCurrency);
  return matchDay(day, provider.name, lines, ledger, tz, now);
}

type LedgerRow = Awaited<ReturnType<typeof ledgerAround>>[number];

/** Pairs both sides by reference and flags every difference to the cent (pure: the tests feed it too). */
export function matchDay(
  day: string,
  providerName: string,
  lines: BalanceLine[],
  ledger: LedgerRow[],
  timeZone: string,
  now: number,
): ReconciliationResponse {
  interface Pair {
    reference: string;
    kind: 'payment' | 'refund';
    sandbar?: Side & { reservationId: number };
    provider?: Side & { fee: number; net: number; id: string };
  }
  const pairs = new Map<string, Pair>();
  const pairOf = (reference: string, kind: Pair['kind']) => {
    const key = `${kind}|${reference}`;
    let p = pairs.get(key);
    if (!p) pairs.set(key, (p = { reference, kind }));
    return p;
  };
  for (const r of ledger) {
    const kind = r.kind === 'refund' ? 'refund' : 'payment';
    const signed = kind === 'refund' ? -Number(r.amount_cents) : Number(r.amount_cents);
    // Rows without the provider's reference cannot be matched: each stands alone.
    const p = pairOf(r.card_transaction_id || `sandbar-row-${r.id}`, kind);
    const at = Number(r.at);
    p.sandbar = p.sandbar
      ? { ...p.sandbar, cents: p.sandbar.cents + signed }
      : { cents: signed, currency: r.currency.toUpperCase(), at, day: r.day, reservationId: r.reservation_id };
  }
  const other: ReconciliationResponse['other'] = [];
  for (const l of lines) {
    const lineDay = businessDay(l.created, timeZone);
    if (l.type === 'other' || !l.sourceRef) {
      if (lineDay === day)
        other.push({
          id: l.id,
          type: l.type,
          amount: centsToMoney(l.amountCents),
          fee: centsToMoney(l.feeCents),
          currency: l.currency,
          at: l.created,
        });
      continue;
    }
    const p = pairOf(l.sourceRef, l.type === 'refund' ? 'refund' : 'payment');
    p.provider = p.provider
      ? {
          ...p.provider,
          cents: p.provider.cents + l.amountCents,
          fee: p.provider.fee + l.feeCents,
          net: p.provider.net + l.netCents,
        }
      : {
          cents: l.amountCents,
          currency: l.currency.toUpperCase(),
          at: l.created,
          day: lineDay,
          fee: l.feeCents,
          net: l.netCents,
          id: l.id,
        };
  }
  const out: ReconciliationLine[] = [];
  let sandbarTotal = 0;
  let providerTotal = 0;
  let fees = 0;
  let net = 0;
  for (const p of pairs.values()) {
    // A pair belongs to the day either of its sides falls on.
    if (p.sandbar?.day !== day && p.provider?.day !== day) continue;
    const s = p.sandbar;
    const v = p.provider;
    const status: ReconciliationLine['status'] = !v
      ? 'missingAtProvider'
      : !s
        ? 'missingInSandbar'
        : s.cents !== v.cents || s.currency !== v.currency
          ? 'amountDiffers'
          : 'matched';
    if (s?.day === day) sandbarTotal += s.cents;
    if (v?.day === day) {
      providerTotal += v.cents;
      fees += v.fee;
      net += v.net;
    }
    out.push({
      reference: p.reference,
      kind: p.kind,
      status,
      sandbar: s
        ? { amount: centsToMoney(s.cents), currency: s.currency, at: s.at, reservationId: s.reservationId }
        : null,
      provider: v
        ? {
            amount: centsToMoney(v.cents),
            fee: centsToMoney(v.fee),
            net: centsToMoney(v.net),
            currency: v.currency,
            at: v.at,
            id: v.id,
          }
        : null,
      difference: centsToMoney((v?.cents ?? 0) - (s?.cents ?? 0)),
    });
  }
  // Differences first, then by time.
  const rank = (l: ReconciliationLine) => (l.status === 'matched' ? 1 : 0);
  const time = (l: ReconciliationLine) => l.sandbar?.at ?? l.provider?.at ?? 0;
  out.sort((a, b) => rank(a) - rank(b) || time(a) - time(b));
  return {
    day,
    provider: providerName,
    lines: out,
    other,
    totals: {
      sandbar: centsToMoney(sandbarTotal),
      provider: centsToMoney(providerTotal),
      fees: centsToMoney(fees),
      net: centsToMoney(net),
      differences: out.filter((l) => l.status !== 'matched').length,
    },
    readAt: now,
  };
}

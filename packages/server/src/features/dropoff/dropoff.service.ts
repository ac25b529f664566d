import { localeOf, paymentMethodLabelsEs, serverTexts, toLanguage } from '@sandbar/contract/i18n';
import { centsToMoney, moneyToCents } from '@sandbar/contract/common';
import { type DropoffReportQuery, dropoffTexts } from '@sandbar/contract/dropoff';
import { canAccess } from '@sandbar/contract/roles';
import { describeCorrectionValue } from '@sandbar/contract/rules/corrections';
import { formatMoney } from '@sandbar/contract/rules/money';
import { businessDay, venueParts } from '@sandbar/contract/rules/time';
import { offlineClockSkewMs, offlineWindowMs } from '@sandbar/contract/offline';
import {
  type DropoffReport,
  type PrintCodeResponse,
  type SaveDropoffNotesResponse,
  saleTexts,
} from '@sandbar/contract/sales';
import { isUniqueViolation } from '../../db/errors';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { escposDocument } from '../../platform/escpos';
import type { SessionUser } from '../auth/auth.service';
import { readSettings } from '../settings/settings.repository';
import * as repo from './dropoff.repository';

async function today(deps: AppDeps) {
  const settings = await readSettings(deps.db);
  return { settings, day: businessDay(deps.clock.now(), settings.timeZone) };
}

interface DayFigures {
  byMethod: Awaited<ReturnType<typeof repo.salesTotalsByMethod>>;
  drops: Awaited<ReturnType<typeof repo.dropoffsOf>>;
  corrections: Awaited<ReturnType<typeof repo.correctionsOfAgentDay>>;
  deposits: Awaited<ReturnType<typeof repo.depositsOf>>;
}

/** Deposit money that moved: taken in (+) or paid back (−); applied and forfeited money moved when taken. */
const depositSign = (kind: string) => (kind === 'deposit' ? 1 : kind === 'refund' ? -1 : 0);

/**
 * The day's money, reconciled: each payment method without its tips, tips apart, and cash on hand
 * as the cash taken in (cash sales and their tips, as sold) less the drop-offs that were not
 * voided. An admin's correction of a cash sale does not change what the drawer holds: it shows
 * beside it as a difference to settle (issue 26).
 */
function overviewOf({ byMethod, drops, corrections, deposits }: DayFigures): DropoffReport['overview'] {
  const row = (method: string) => byMethod.find((r) => r.payment_method === method);
  const sales = (method: string) => Number(row(method)?.cents ?? 0) - Number(row(method)?.tip_cents ?? 0);
  const tips = byMethod.reduce((s, r) => s + Number(r.tip_cents ?? 0), 0);
  const salesTotal = byMethod.reduce((s, r) => s + Number(r.cents ?? 0) - Number(r.tip_cents ?? 0), 0);
  const cashTips = Number(row('Cash')?.tip_cents ?? 0);
  const dropped = drops.filter((d) => d.voided_at === null).reduce((s, d) => s + d.amount_cents, 0);
  const cashCorrections = corrections
    .filter((c) => c.payment_method === 'Cash')
    .reduce((s, c) => s + Number(c.delta_cents), 0);
  // A booking deposit taken in cash is in the drawer the day it was taken; a cash refund left it.
  const depositNet = (method?: string) =>
    deposits
      .filter((d) => !method || d.method === method)
      .reduce((s, d) => s + depositSign(d.kind) * Number(d.cents ?? 0), 0);
  return {
    todayTotal: centsToMoney(salesTotal),
    ccTotal: centsToMoney(sales('Credit Card')),
    cashTotal: centsToMoney(sales('Cash')),
    roomChargeTotal: centsToMoney(sales('Room Charge')),
    voucherTotal: centsToMoney(sales('Voucher')),
    tipTotal: centsToMoney(tips),
    cashTipTotal: centsToMoney(cashTips),
    cashOnHand: centsToMoney(sales('Cash') + cashTips + depositNet('Cash') - cashCorrections - dropped),
    cashDroppedOff: centsToMoney(dropped),
    cashCorrections: centsToMoney(cashCorrections),
    depositTotal: centsToMoney(depositNet()),
    cashDepositTotal: centsToMoney(depositNet('Cash')),
  };
}

/** Whose day the caller may see: their own; a supervisor or admin any agent's. */
async function agentFor(deps: AppDeps, user: SessionUser, agentId: number | undefined) {
  if (agentId === undefined || agentId === user.id) return { id: user.id, name: user.name };
  if (!canAccess(user.userType, 'dropoffVoid')) throw forbidden(dropoffTexts.onlyYourOwn);
  const agent = await repo.findUser(deps.db, agentId);
  if (!agent) throw notFound('No such agent.');
  return agent;
}

/** GET /getDropoffReport: an agent's totals, cash on hand, drop-offs and customers today. */
export async function getDropoffReport(
  deps: AppDeps,
  user: SessionUser,
  query: DropoffReportQuery = {},
): Promise<DropoffReport> {
  const { day } = await today(deps);
  const agent = await agentFor(deps, user, query.agentId);
  const canVoid = canAccess(user.userType, 'dropoffVoid');
  const [byMethod, drops, customers, agents, corrections, deposits] = await Promise.all([
    repo.salesTotalsByMethod(deps.db, agent.id, day),
    repo.dropoffsOf(deps.db, agent.id, day),
    repo.customersOf(deps.db, agent.id, day),
    canVoid ? repo.activeAgents(deps.db) : Promise.resolve([]),
    repo.correctionsOfAgentDay(deps.db, agent.id, day),
    repo.depositsOf(deps.db, agent.id, day),
  ]);
  return {
    overview: overviewOf({ byMethod, drops, corrections, deposits }),
    deposits: deposits.map((d) => ({
      kind: d.kind,
      method: d.method,
      amount: centsToMoney((d.kind === 'refund' ? -1 : 1) * Number(d.cents ?? 0)),
      count: Number(d.n),
    })),
    corrections: corrections.map((c) => ({
      id: c.id,
      saleId: c.sale_id,
      kind: c.kind,
      epoc: Number(c.at),
      who: c.who ?? '',
      reason: c.reason,
      before: describeCorrectionValue(c.kind, c.before_value),
      after: describeCorrectionValue(c.kind, c.after_value),
      paymentMethod: c.payment_method,
      difference: centsToMoney(Number(c.delta_cents)),
    })),
    dropOffs: drops.map((d) => ({
      id: d.id,
      epoc: Number(d.at),
      amount: centsToMoney(d.amount_cents),
      notes: d.notes,
      voided:
        d.voided_at === null
          ? null
          : { by: d.voided_by_name ?? '', epoc: Number(d.voided_at), reason: d.void_reason ?? '' },
    })),
    customers: customers.map((c) => ({
      id: c.id,
      epoc: Number(c.created_at),
      customerName: c.customer_name,
      projectLocations: c.location_name,
      umbrellaNumber: c.unit_number,
      paymentMethod: c.payment_method,
      price: centsToMoney(c.price_cents),
      unseated: c.state === 'unseated',
    })),
    day,
    agent: agent.name,
    agentId: agent.id,
    agents: agents.map((a) => ({ id: a.id, name: a.name })),
    canVoid,
  };
}

/**
 * A drop-off made on the tablet while offline counts at the moment it was made (its day), bounded
 * like a queued sale: at most 24 hours old, a tablet clock a little ahead clamped to now.
 */
function dropoffMoment(takenAt: number | undefined, now: number): number {
  if (takenAt === undefined) return now;
  if (takenAt > now + offlineClockSkewMs) throw badRequest(dropoffTexts.inFuture);
  if (now - takenAt > offlineWindowMs) throw badRequest(dropoffTexts.tooOld);
  return Math.min(takenAt, now);
}

/**
 * POST /saveDropoffNotes: records cash handed in by the signed-in agent. With a clientKey (every
 * tablet sends one) the same key again is the same drop-off (issue 23): a late answer and the
 * queued send, or a burst of retries, record it once; the unique index decides a parallel race.
 */
export async function saveDropoffNotes(
  deps: AppDeps,
  user: SessionUser,
  body: {
    dropoffAmount: number | string;
    dropoffNotes: string;
    confirmOverCashOnHand?: boolean;
    clientKey?: string;
    takenAt?: number;
  },
): Promise<SaveDropoffNotesResponse> {
  const amountCents = moneyToCents(body.dropoffAmount);
  const key = body.clientKey ?? null;
  const replay = async () => {
    if (key === null) return null;
    const known = await repo.dropoffByClientKey(deps.db, user.id, key);
    if (!known) return null;
    // A key names one drop-off: another amount under it is a tablet bug, not a second drop-off.
    if (known.amount_cents !== amountCents) throw conflict(dropoffTexts.keyReused);
    return { success: 1 as const, details: saleTexts.dropoffSaved, id: known.id, replayed: true };
  };
  // Before the cash-on-hand question: once recorded, a replay would otherwise be asked about itself.
  const first = await replay();
  if (first) return first;
  const { settings } = await today(deps);
  const at = dropoffMoment(body.takenAt, deps.clock.now());
  const day = businessDay(at, settings.timeZone);
  if (!body.confirmOverCashOnHand) {
    // A mistyped 100000 must not pass unnoticed: above the cash on hand the agent confirms first.
    const [byMethod, drops, corrections, deposits] = await Promise.all([
      repo.salesTotalsByMethod(deps.db, user.id, day),
      repo.dropoffsOf(deps.db, user.id, day),
      repo.correctionsOfAgentDay(deps.db, user.id, day),
      repo.depositsOf(deps.db, user.id, day),
    ]);
    const { cashOnHand } = overviewOf({ byMethod, drops, corrections, deposits });
    if (amountCents > moneyToCents(cashOnHand)) {
      throw conflict(dropoffTexts.overCashOnHand(centsToMoney(amountCents), cashOnHand));
    }
  }
  try {
    const id = await repo.insertDropoff(deps.db, {
      user_id: user.id,
      day,
      amount_cents: amountCents,
      notes: body.dropoffNotes,
      at,
      client_key: key,
    });
    return { success: 1, details: saleTexts.dropoffSaved, id, replayed: false };
  } catch (err) {
    // The same key in a parallel request got there first: answer with its drop-off.
    if (key !== null && isUniqueViolation(err)) {
      const won = await replay();
      if (won) return won;
    }
    throw err;
  }
}

/** POST /voidDropoff: a supervisor or admin voids a drop-off with a reason; audited, never erased. */
export async function voidDropoff(
  deps: AppDeps,
  user: SessionUser,
  body: { id: number; reason: string },
): Promise<{ success: 1; details: string }> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const drop = await repo.findDropoff(trx, body.id);
    if (!drop) throw notFound(dropoffTexts.notFound);
    if (drop.voided_at !== null) throw conflict(dropoffTexts.alreadyVoided);
    const done = await repo.voidDropoff(trx, {
      id: drop.id,
      voided_by: user.id,
      void_reason: body.reason,
      voided_at: now,
    });
    if (!done) throw conflict(dropoffTexts.alreadyVoided);
    const detail = JSON.stringify({
      dropoffId: drop.id,
      agentId: drop.user_id,
      day: drop.day,
      amount: centsToMoney(drop.amount_cents),
      reason: body.reason,
    });
    await repo.insertAudit(trx, user.id, 'dropoff.void', detail, now);
  });
  return { success: 1, details: dropoffTexts.voided };
}

/** GET /getPrintNotes: the drop-off sheet as ESC/POS for the Android printer. */
export async function getPrintNotes(deps: AppDeps, user: SessionUser): Promise<PrintCodeResponse> {
  const { settings } = await today(deps);
  const r = await getDropoffReport(deps, user);
  const w = 32;
  const row = (l: string, v: string) => l + ' '.repeat(Math.max(1, w - l.length - v.length)) + v;
  const time = (ms: number) => {
    const p = venueParts(ms, settings.timeZone);
    return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  };
  const o = r.overview;
  // The sheet is the printing agent's: in their language (English exactly as before).
  const lang = toLanguage(user.languageCode) ?? 'en';
  const tx = serverTexts[lang].notesSheet;
  const money = (amount: string) => formatMoney(amount, { locale: localeOf(lang) });
  const lines = [
    settings.venueName,
    tx.title(r.day),
    r.agent,
    '-'.repeat(w),
    row(tx.todayTotal, money(o.todayTotal)),
    row(tx.cc, money(o.ccTotal)),
    row(tx.cash, money(o.cashTotal)),
    row(tx.roomCharge, money(o.roomChargeTotal)),
    row(tx.voucher, money(o.voucherTotal)),
    row(tx.tips, money(o.tipTotal)),
    row(tx.cashOnHand, money(o.cashOnHand)),
    row(tx.droppedOff, money(o.cashDroppedOff)),
    ...(o.cashCorrections !== '0.00' ? [row(tx.corrections, money(o.cashCorrections))] : []),
    // Booking deposits apart from the sales, per method (refunds negative); cash ones are in cash on hand.
    ...(r.deposits.length ? [row(tx.deposits, money(o.depositTotal))] : []),
    ...r.deposits.map((d) =>
      row(
        ` ${tx.depositKinds[d.kind]} ${lang === 'es' ? (paymentMethodLabelsEs[d.method] ?? d.method) : d.method}`,
        money(d.amount),
      ),
    ),
    '-'.repeat(w),
    ...r.dropOffs.flatMap((d) => [
      row(time(d.epoc), d.voided ? tx.void(money(d.amount)) : money(d.amount)),
      ...(d.notes ? [d.notes] : []),
      ...(d.voided ? [tx.voidReason(d.voided.reason)] : []),
    ]),
    '',
  ];
  return { PrintCode: escposDocument(lines), lines };
}

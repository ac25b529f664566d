import {
  type GetSearchReportQuery,
  type ReportData,
  dailyReportTypes,
  isPagedSearchType,
  searchPageRows,
  isRoomChargeType,
  mayReadReport,
  reportNames,
  reportTexts,
  roomChargeType,
  searchReportTypes,
  salesReportSplitTypes,
} from '@sandbar/contract/reports';
import { addDays, businessDay, dayStartMs, toTimestamp } from '@sandbar/contract/rules/time';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../platform/deps';
import type { DB } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../auth/auth.service';
import { readSettings } from '../settings/settings.repository';
import { feesByDay, readProviderDays } from '../payments/provider-lines';
import { type Built, type ReportInput, builders, roomCharge, salesSplit } from './report-builders';
import * as repo from './reports.repository';
import { postingCells } from '../pms/postings-screen.service';

type BuilderType = keyof typeof builders;

type Need =
  | 'sales'
  | 'units'
  | 'moves'
  | 'reprints'
  | 'priceEdits'
  | 'audit'
  | 'dayTotals'
  | 'agentTipTotals'
  | 'unseated'
  | 'bookings'
  | 'online';

/** What a report reads; each type loads only its own rows, filtered in SQL where it can. */
const needs: Record<BuilderType | 'roomCharge', { load: Need[]; filter?: repo.SalesFilter }> = {
  sales: { load: ['sales', 'units'] },
  salesLocation: { load: ['sales', 'units'] },
  salesAgent: { load: ['sales'] },
  salesAgentCompetitive: { load: ['sales'] },
  hourlySales: { load: ['sales'] },
  move: { load: ['moves'] },
  charge: { load: ['sales', 'units'], filter: { method: 'Room Charge' } },
  roomCharge: { load: ['sales', 'units'], filter: { method: 'Room Charge' } },
  creditCardDaily: { load: ['sales', 'units'], filter: { method: 'Credit Card' } },
  creditCard: { load: ['sales'], filter: { method: 'Credit Card' } },
  reprint: { load: ['sales', 'units', 'reprints'] },
  customPrice: { load: ['sales', 'units', 'priceEdits'] },
  agentTip: { load: ['agentTipTotals'] },
  userLog: { load: ['audit'] },
  allTransactions: { load: ['sales', 'units', 'unseated'] },
  tip: { load: ['sales', 'units'], filter: { tipOnly: true } },
  creditCardTips: { load: ['sales', 'units'], filter: { tipOnly: true, method: 'Credit Card' } },
  dailyByType: { load: ['dayTotals'] },
  reservations: { load: ['bookings'] },
  payments: { load: ['online'] },
};

interface Resolved {
  builder: BuilderType | 'roomCharge';
  title: string;
  hotel?: { id: number; name: string; contact_email: string };
}

/** The report a type names: a catalogue type, or one hotel's RoomCharge report. */
export async function resolveType(db: Kysely<DB>, type: string, opts: { search: boolean }): Promise<Resolved> {
  if (isRoomChargeType(type)) {
    const hotel = (await repo.hotels(db)).find((h) => roomChargeType(h.name) === type);
    if (!hotel) throw notFound(reportTexts.unknownType(type));
    return { builder: 'roomCharge', title: `${hotel.name} Room Charges`, hotel };
  }
  const known = (dailyReportTypes as readonly string[]).includes(type) || (opts.search && type === 'dailyByType');
  if (!known) throw notFound(reportTexts.unknownType(type));
  return { builder: type as BuilderType, title: reportNames[type as BuilderType] };
}

async function build(
  db: Kysely<DB>,
  resolved: Resolved,
  days: repo.DayRange,
  timeZone: string,
  showDeleted: boolean,
  page?: repo.SalesPage,
): Promise<Paged> {
  const { load: n, filter } = needs[resolved.builder];
  const fromMs = dayStartMs(days.from, timeZone);
  const toMs = dayStartMs(addDays(days.to, 1), timeZone);
  const withDeleted = showDeleted && resolved.builder === 'allTransactions';
  const f: repo.SalesFilter = {
    ...filter,
    withDeleted,
    ...(resolved.builder === 'roomCharge' ? { hotelId: resolved.hotel!.id } : {}),
  };
  if (page) return buildPage(db, resolved, days, timeZone, f, page);
  const [sales, units, moves, reprints, audit, actions, totals, priceEdits, unseated, counts, money, online, fees] =
    await Promise.all([
      n.includes('sales') ? repo.salesOf(db, days, f) : [],
      n.includes('units') ? repo.saleUnitsOf(db, days, f) : [],
      n.includes('moves') ? repo.movesOf(db, days) : [],
      n.includes('reprints') ? repo.reprintsBetween(db, fromMs, toMs) : [],
      n.includes('audit') ? repo.auditBetween(db, fromMs, toMs) : [],
      n.includes('audit') ? repo.unitActionsOf(db, days) : [],
      n.includes('dayTotals')
        ? repo.methodTotals(db, days, 'day')
        : n.includes('agentTipTotals')
          ? agentTotals(db, days)
          : [],
      n.includes('priceEdits') ? repo.priceEditsOf(db, days) : [],
      n.includes('unseated') ? repo.unseatedOf(db, days) : [],
      n.includes('bookings') ? repo.reservationCounts(db, days) : [],
      n.includes('bookings') ? repo.reservationMoney(db, days) : [],
      n.includes('online') ? repo.onlineMoney(db, days) : [],
      n.includes('online') ? feesByDay(db, days) : undefined,
    ]);
  const input: ReportInput = {
    timeZone,
    range: days.from !== days.to,
    sales,
    units: unitLabels(units),
    moves,
    reprints,
    priceEdits,
    audit,
    actions,
    totals,
    hotel: resolved.hotel,
    showDeleted,
    unseated: unseatedNames(unseated),
    bookings: { counts, money },
    ...(fees ? { online: { money: online, ...fees } } : {}),
    postings: resolved.builder === 'allTransactions' ? await postingCells(db, sales) : null,
  };
  const built = resolved.builder === 'roomCharge' ? roomCharge(input) : builders[resolved.builder](input);
  return salesReportSplitTypes.includes(resolved.builder) ? { ...built, split: salesSplit(input) } : built;
}

function unseatedNames(rows: { sale_id: number; customer_name: string }[]): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const r of rows) map.set(r.sale_id, [...(map.get(r.sale_id) ?? []), r.customer_name]);
  return map;
}

function unitLabels(units: Awaited<ReturnType<typeof repo.unitsOfSales>>): Map<number, string[]> {
  const unitMap = new Map<number, string[]>();
  for (const u of units) {
    const label = `${u.location} ${u.unit_number || `${u.row}-${u.position}`}`;
    const list = unitMap.get(u.sale_id);
    if (list) list.push(label);
    else unitMap.set(u.sale_id, [label]);
  }
  return unitMap;
}

/** A built report; a page of a list search also says where the next page starts and how many rows match. */
type Paged = Built & { more?: repo.SaleRow; total?: number };

/**
 * One page of a list search (decision 102): the page's sales (one more than asked, to know
 * whether another page follows), their units, and the whole range's sums per payment method for
 * the footer and the row count — read from the covering index, never from every row.
 */
async function buildPage(
  db: Kysely<DB>,
  resolved: Resolved,
  days: repo.DayRange,
  timeZone: string,
  f: repo.SalesFilter,
  page: repo.SalesPage,
): Promise<Paged> {
  const [rows, rangeTotals, unseated] = await Promise.all([
    repo.salesOf(db, days, f, { ...page, limit: page.limit + 1 }),
    repo.methodTotals(db, days, 'method', f),
    resolved.builder === 'allTransactions' ? repo.unseatedOf(db, days) : [],
  ]);
  const sales = rows.slice(0, page.limit);
  const units = await repo.unitsOfSales(
    db,
    sales.map((s) => s.id),
  );
  const input: ReportInput = {
    timeZone,
    range: days.from !== days.to,
    sales,
    units: unitLabels(units),
    moves: [],
    reprints: [],
    priceEdits: [],
    audit: [],
    actions: [],
    totals: [],
    hotel: resolved.hotel,
    showDeleted: false,
    rangeTotals,
    unseated: unseatedNames(unseated),
    postings: resolved.builder === 'allTransactions' ? await postingCells(db, sales) : null,
  };
  const built = resolved.builder === 'roomCharge' ? roomCharge(input) : builders[resolved.builder](input);
  return {
    ...built,
    more: rows.length > page.limit ? sales.at(-1) : undefined,
    total: rangeTotals.reduce((n, t) => n + t.n, 0),
  };
}

/** Tip sums per agent and method, keyed by the agent's name (the report groups by name). */
async function agentTotals(db: Kysely<DB>, days: repo.DayRange): Promise<repo.MethodTotal[]> {
  const [totals, users] = await Promise.all([
    repo.methodTotals(db, days, 'user', { tipOnly: true }),
    repo.userNames(db),
  ]);
  const names = new Map(users.map((u) => [String(u.id), u.name]));
  return totals.map((t) => ({ ...t, key: names.get(t.key) ?? '' }));
}

async function emailsOf(db: Kysely<DB>, type: string): Promise<string> {
  return (await repo.reportConfigByType(db, type))?.email_addresses ?? '';
}

function shape(
  type: string,
  title: string,
  built: Built,
  days: repo.DayRange,
  timeZone: string,
  now: number,
  at: number,
  emails: string,
): ReportData {
  const startTime = dayStartMs(days.from, timeZone);
  const endTime = dayStartMs(addDays(days.to, 1), timeZone) - 1;
  return {
    reportType: type,
    reportTitle: days.from === days.to ? `${title} ${days.from}` : `${title} ${days.from} to ${days.to}`,
    reportHeaders: built.headers,
    reportRows: built.rows,
    reportFooter: built.footer,
    agents: built.agents ?? [],
    userList: built.userList ?? [],
    reportSettings: { emailAddresses: emails },
    startDate: days.from,
    startTime,
    endDate: days.to,
    endTime,
    timeStamp: toTimestamp(at),
    currentDate: businessDay(now, timeZone),
    ...(built.hourly ? { hourly: built.hourly } : {}),
    ...(built.split ? { split: built.split } : {}),
  };
}

/**
 * GET /getReport/{type}/{timestamp}: one business day (the venue-zone day holding the instant).
 * Admins read every type; supervisors their set (spec sections 2, 6) for today and yesterday
 * (decision 050); everyone else gets 403 before anything is read.
 */
export async function getReport(
  deps: Pick<AppDeps, 'db' | 'clock'> & Partial<Pick<AppDeps, 'payments'>>,
  user: Pick<SessionUser, 'userType'>,
  type: string,
  timestamp: number,
): Promise<ReportData> {
  if (!mayReadReport(user.userType, type)) {
    if (user.userType === 'A' || user.userType === 'S') {
      // Say "unknown" for a type that does not exist, "not allowed" for one that does.
      await resolveType(deps.db, type, { search: false });
    }
    throw forbidden(reportTexts.notYourReport);
  }
  const settings = await readSettings(deps.db);
  const now = deps.clock.now();
  const at = timestamp * 1000;
  const day = businessDay(at, settings.timeZone);
  if (user.userType === 'S') {
    const today = businessDay(now, settings.timeZone);
    if (day !== today && day !== addDays(today, -1)) throw forbidden(reportTexts.outsideWindow);
  }
  const resolved = await resolveType(deps.db, type, { search: false });
  const days = { from: day, to: day };
  await readProviderFor(deps, type, days, settings.timeZone, now);
  const [built, emails] = await Promise.all([
    build(deps.db, resolved, days, settings.timeZone, user.userType === 'A'),
    emailsOf(deps.db, type),
  ]);
  return shape(type, resolved.title, built, days, settings.timeZone, now, at, emails);
}

/**
 * The Payments report on screen reads the provider's lines of its days first (decision 305), so
 * its fees are the provider's latest; a provider that does not answer leaves what was read
 * before. The daily e-mail (inside a transaction) and searches over two months use what is stored.
 */
async function readProviderFor(
  deps: Partial<Pick<AppDeps, 'payments'>> & Pick<AppDeps, 'db'>,
  type: string,
  days: repo.DayRange,
  timeZone: string,
  now: number,
): Promise<void> {
  if (type !== 'payments' || !deps.payments || addDays(days.from, 62) < days.to) return;
  try {
    await readProviderDays(deps.db, deps.payments, days, timeZone, now);
  } catch {
    // Shown from what was stored; the reconciliation says why the provider did not answer.
  }
}

const searchable = new Set<string>(searchReportTypes.map((t) => t.type));

/** GET /getSearchReport/{type}/{startMs}/{endMs}: a searchable type over a range of days (admins). */
export async function getSearchReport(
  deps: Pick<AppDeps, 'db' | 'clock'> & Partial<Pick<AppDeps, 'payments'>>,
  user: Pick<SessionUser, 'userType'>,
  type: string,
  startMs: number,
  endMs: number,
  query: GetSearchReportQuery = {},
): Promise<ReportData> {
  if (user.userType !== 'A') throw forbidden(reportTexts.notYourReport);
  if (!searchable.has(type) && !isRoomChargeType(type)) {
    await resolveType(deps.db, type, { search: true });
    throw badRequest(reportTexts.notSearchable(type));
  }
  const settings = await readSettings(deps.db);
  const from = businessDay(startMs, settings.timeZone);
  const to = businessDay(endMs, settings.timeZone);
  if (to < from) throw badRequest(reportTexts.rangeBackwards);
  if (addDays(from, 400) < to) throw badRequest(reportTexts.rangeTooLong);
  const resolved = await resolveType(deps.db, type, { search: true });
  const days = { from, to };
  await readProviderFor(deps, type, days, settings.timeZone, deps.clock.now());
  const paged = isPagedSearchType(type);
  const page = paged ? { limit: query.limit ?? searchPageRows.default, after: cursorOf(query.after) } : undefined;
  const [built, emails] = await Promise.all([
    build(deps.db, resolved, days, settings.timeZone, false, page),
    emailsOf(deps.db, type),
  ]);
  const data = shape(type, resolved.title, built, days, settings.timeZone, deps.clock.now(), startMs, emails);
  if (!paged) return data;
  return {
    ...data,
    page: {
      total: built.total ?? 0,
      next: built.more ? `${built.more.day}.${built.more.created_at}.${built.more.id}` : null,
    },
  };
}

/** "2026-07-04.1783173600000.1234" (a page's `next`: day, created_at, id) → where the next page starts. */
function cursorOf(after: string | undefined): repo.SalesPage['after'] {
  if (!after) return undefined;
  const [day, createdAt, id] = after.split('.') as [string, string, string];
  return { day, createdAt: Number(createdAt), id: Number(id) };
}

/** Every report type a venue has today: the catalogue plus one RoomCharge per hotel. */
export async function allReportTypes(db: Kysely<DB>): Promise<{ type: string; name: string }[]> {
  const hotels = await repo.hotels(db);
  return [
    ...dailyReportTypes.map((t) => ({ type: t as string, name: reportNames[t] })),
    ...hotels.map((h) => ({ type: roomChargeType(h.name), name: `${h.name} Room Charges` })),
  ];
}

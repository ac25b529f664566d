import { centsToMoney } from '@sandbar/contract/common';
import type { ReportCell, ReportGroup } from '@sandbar/contract/reports';
import { unseatedCell } from '@sandbar/contract/offline';
import { paymentMethods } from '@sandbar/contract/rules/pricing';
import { venueParts } from '@sandbar/contract/rules/time';
import type * as repo from './reports.repository';

// Pure builders: each report type turns the loaded rows of its days into headers, rows and
// footer (DESIGN.md section 10). Money is the API's two-decimal string; a sale's "price" is what
// was charged before the tip, its "total" the money taken in (price + tip), as on the drop-off screen.

export interface ReportInput {
  timeZone: string;
  /** A range shows the date with each time. */
  range: boolean;
  sales: repo.SaleRow[];
  units: Map<number, string[]>;
  moves: Awaited<ReturnType<typeof repo.movesOf>>;
  reprints: Awaited<ReturnType<typeof repo.reprintsBetween>>;
  priceEdits: Awaited<ReturnType<typeof repo.priceEditsOf>>;
  audit: Awaited<ReturnType<typeof repo.auditBetween>>;
  actions: Awaited<ReturnType<typeof repo.unitActionsOf>>;
  /** The summary reports' sums (agentTip: keyed by agent name; dailyByType: by day). */
  totals: repo.MethodTotal[];
  /** Hotel of a RoomCharge report. */
  hotel?: { id: number; name: string };
  /** Admins see deleted sales in allTransactions (to restore them); they never count. */
  showDeleted: boolean;
  /** A paged list search: its whole range's sums per payment method, for the footer. */
  rangeTotals?: repo.MethodTotal[];
  /** Sale id → names of its customers still waiting unseated (an offline sale's unit sold meanwhile). */
  unseated?: Map<number, string[]>;
  /** Sale id → its posting to the hotel's PMS in words (issue 34); absent: no hotel has a PMS. */
  postings?: Map<number, string> | null;
  /** The bookings report: bookings per day, channel and status, and deposit money per day, channel and kind. */
  bookings?: {
    counts: Awaited<ReturnType<typeof repo.reservationCounts>>;
    money: Awaited<ReturnType<typeof repo.reservationMoney>>;
  };
  /** The payments report: online money per day and kind, and the provider's fees per day where it was read. */
  online?: {
    money: Awaited<ReturnType<typeof repo.onlineMoney>>;
    fees: Map<string, number>;
    /** Days whose provider lines were read: fees known (0 is a real 0). */
    read: Set<string>;
  };
}

export interface Built {
  headers: string[];
  rows: ReportCell[][];
  footer: ReportCell[][];
  agents?: ReportGroup[];
  userList?: { id: number; name: string }[];
  hourly?: { hour: number; sales: number; revenue: string }[];
  split?: { headers: string[]; rows: ReportCell[][] };
}

const money = centsToMoney;
const priceOf = (s: repo.SaleRow) => s.total_cents - s.tip_cents;
const live = (s: repo.SaleRow) => s.deleted_at == null;
const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((n, x) => n + f(x), 0);
const invoice = (id: number) => String(id).padStart(6, '0');

/**
 * venueParts for many instants: Intl's formatToParts costs microseconds a call, thousands of
 * times per report. A zone's offset only changes at quarter-hour instants, so it is looked up once
 * per quarter hour and the rest is arithmetic.
 */
const offsets = new Map<string, number>();
function localParts(epochMs: number, tz: string) {
  const ms = Number(epochMs);
  const quarter = Math.floor(ms / 900_000) * 900_000;
  const key = `${tz}|${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const p = venueParts(quarter, tz);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - quarter;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  const d = new Date(ms + offset);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

function clock(ms: number, tz: string, range: boolean): string {
  const p = localParts(ms, tz);
  const hm = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  return range ? `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')} ${hm}` : hm;
}

function groupBy<T, K>(xs: T[], key: (x: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const x of xs) {
    const k = key(x);
    const list = m.get(k);
    if (list) list.push(x);
    else m.set(k, [x]);
  }
  return m;
}

/** A footer row: label in the first cell, values placed under their headers. */
function footerRow(headers: string[], label: string, values: Record<string, ReportCell>): ReportCell[] {
  return headers.map((h, i) => (i === 0 ? label : (values[h] ?? '')));
}

/** Sales added up per payment method, as the SQL sums of a list search's range come. */
function totalsOf(sales: repo.SaleRow[]): repo.MethodTotal[] {
  return [...groupBy(sales, (s) => s.payment_method).entries()].map(([m, xs]) => ({
    key: m,
    payment_method: m,
    n: xs.length,
    tip_cents: sum(xs, (s) => s.tip_cents),
    total_cents: sum(xs, (s) => s.total_cents),
  }));
}

/**
 * One footer row per payment method used, then the total (DESIGN.md: "totals per method"), from
 * per-method sums: of the rows shown, or of a list search's whole range when the rows are a page.
 */
function methodFooter(headers: string[], totals: repo.MethodTotal[]) {
  const rows: ReportCell[][] = [];
  const line = (label: string, ts: repo.MethodTotal[]) => {
    const total = sum(ts, (t) => t.total_cents);
    return footerRow(headers, `${label} (${sum(ts, (t) => t.n)})`, {
      Price: money(total - sum(ts, (t) => t.tip_cents)),
      Tip: money(sum(ts, (t) => t.tip_cents)),
      Total: money(total),
      Amount: money(total),
    });
  };
  const methods = totals.map((t) => t.payment_method);
  for (const m of [...paymentMethods, ...methods.filter((k) => !(paymentMethods as readonly string[]).includes(k))]) {
    const ts = totals.filter((t) => t.payment_method === m);
    if (sum(ts, (t) => t.n) > 0) rows.push(line(m, ts));
  }
  rows.push(line('Total', totals));
  return rows;
}

/** The one 'Total (n)' row of a list: price, tip and the money taken (Total or Amount). */
function totalRow(headers: string[], totals: repo.MethodTotal[]): ReportCell[] {
  return methodFooter(headers, totals).at(-1)!;
}

/** A list's footer totals: the range's when the rows are one page of a search, else the rows'. */
const listTotals = (input: ReportInput, xs: repo.SaleRow[]) => input.rangeTotals ?? totalsOf(xs);

function unitsOf(input: ReportInput, s: repo.SaleRow): string {
  return (input.units.get(s.id) ?? []).join(', ');
}

const methodCols = [...paymentMethods] as string[];

function perMethodCells(xs: repo.SaleRow[], f: (s: repo.SaleRow) => number = (s) => s.total_cents): string[] {
  return methodCols.map((m) =>
    money(
      sum(
        xs.filter((s) => s.payment_method === m),
        f,
      ),
    ),
  );
}

function perMethodTotals(list: repo.MethodTotal[], f: (t: repo.MethodTotal) => number): string[] {
  return methodCols.map((m) =>
    money(
      sum(
        list.filter((t) => t.payment_method === m),
        f,
      ),
    ),
  );
}

export function sales(input: ReportInput): Built {
  const headers = ['Time', 'Invoice', 'Unit(s)', 'Location', 'Agent', 'Method', 'Price', 'Tip', 'Total'];
  const xs = input.sales.filter(live);
  return {
    headers,
    rows: xs.map((s) => [
      clock(s.created_at, input.timeZone, input.range),
      invoice(s.id),
      unitsOf(input, s),
      s.location ?? '',
      s.agent,
      s.payment_method,
      money(priceOf(s)),
      money(s.tip_cents),
      money(s.total_cents),
    ]),
    footer: methodFooter(headers, totalsOf(xs)),
  };
}

export function salesLocation(input: ReportInput): Built {
  const headers = ['Location', 'Sales', 'Units', ...methodCols, 'Total'];
  const xs = input.sales.filter(live);
  const unitCount = (list: repo.SaleRow[]) => sum(list, (s) => input.units.get(s.id)?.length ?? 0);
  const by = groupBy(xs, (s) => s.location ?? '');
  const rows = [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([loc, list]) => [
      loc,
      list.length,
      unitCount(list),
      ...perMethodCells(list),
      money(sum(list, (s) => s.total_cents)),
    ]);
  return {
    headers,
    rows,
    footer: [['Total', xs.length, unitCount(xs), ...perMethodCells(xs), money(sum(xs, (s) => s.total_cents))]],
  };
}

export function salesAgent(input: ReportInput): Built {
  const headers = ['Agent', 'Sales', ...methodCols, 'Tips', 'Total'];
  const xs = input.sales.filter(live);
  const by = groupBy(xs, (s) => s.agent);
  const line = (label: string, list: repo.SaleRow[]) => [
    label,
    list.length,
    ...perMethodCells(list),
    money(sum(list, (s) => s.tip_cents)),
    money(sum(list, (s) => s.total_cents)),
  ];
  return {
    headers,
    rows: [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([a, list]) => line(a, list)),
    footer: [line('Total', xs)],
  };
}

export function salesAgentCompetitive(input: ReportInput): Built {
  const headers = ['Rank', 'Agent', 'Sales', 'Revenue', 'Share'];
  const xs = input.sales.filter(live);
  const all = sum(xs, (s) => s.total_cents);
  const ranked = [...groupBy(xs, (s) => s.agent).entries()]
    .map(([agent, list]) => ({ agent, n: list.length, cents: sum(list, (s) => s.total_cents) }))
    .sort((a, b) => b.cents - a.cents || a.agent.localeCompare(b.agent));
  return {
    headers,
    rows: ranked.map((r, i) => [
      i + 1,
      r.agent,
      r.n,
      money(r.cents),
      `${all > 0 ? ((r.cents * 100) / all).toFixed(1) : '0.0'}%`,
    ]),
    footer: [],
  };
}

export function hourlySales(input: ReportInput): Built {
  const headers = ['Hour', 'Sales', 'Revenue'];
  const xs = input.sales.filter(live);
  const hourOf = (s: repo.SaleRow) => localParts(s.created_at, input.timeZone).hour;
  const table = (list: repo.SaleRow[]) =>
    [...groupBy(list, hourOf).entries()]
      .sort(([a], [b]) => a - b)
      .map(([h, l]) => [`${String(h).padStart(2, '0')}:00`, l.length, money(sum(l, (s) => s.total_cents))]);
  const total = (list: repo.SaleRow[]) => [['Total', list.length, money(sum(list, (s) => s.total_cents))]];
  const agents = [...groupBy(xs, (s) => s.user_id).entries()]
    .map(([id, list]) => ({ id, name: list[0]!.agent, headers, rows: table(list), footer: total(list) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const byHour = groupBy(xs, hourOf);
  return {
    headers,
    rows: table(xs),
    footer: total(xs),
    agents,
    hourly: [...byHour.entries()]
      .sort(([a], [b]) => a - b)
      .map(([hour, l]) => ({ hour, sales: l.length, revenue: money(sum(l, (s) => s.total_cents)) })),
  };
}

export function move(input: ReportInput): Built {
  return {
    headers: ['Time', 'Agent', 'Customer', 'From', 'To'],
    rows: input.moves.map((m) => [
      clock(m.at, input.timeZone, input.range),
      m.agent ?? '',
      m.customer_name,
      m.from_label,
      m.to_label,
    ]),
    footer: [['Moves', input.moves.length, '', '', '']],
  };
}

const guestOf = (s: repo.SaleRow) => s.last_name || s.customer_name;

export function charge(input: ReportInput): Built {
  const headers = ['Time', 'Hotel', 'Room', 'Guest', 'Unit(s)', 'Amount'];
  const xs = input.sales.filter((s) => live(s) && s.payment_method === 'Room Charge');
  const by = groupBy(xs, (s) => s.hotel ?? '');
  return {
    headers,
    rows: xs.map((s) => [
      clock(s.created_at, input.timeZone, input.range),
      s.hotel ?? '',
      s.room_number,
      guestOf(s),
      unitsOf(input, s),
      money(s.total_cents),
    ]),
    footer: [
      ...[...by.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([h, l]) => footerRow(headers, `${h} (${l.length})`, { Amount: money(sum(l, (s) => s.total_cents)) })),
      footerRow(headers, `Total (${xs.length})`, { Amount: money(sum(xs, (s) => s.total_cents)) }),
    ],
  };
}

export function roomCharge(input: ReportInput): Built {
  const headers = ['Time', 'Invoice', 'Room', 'Guest', 'Unit(s)', 'Price', 'Tip', 'Amount', 'Editable', 'ID'];
  const hotelId = input.hotel?.id;
  const xs = input.sales.filter((s) => live(s) && s.payment_method === 'Room Charge' && s.hotel_id === hotelId);
  return {
    headers,
    rows: xs.map((s) => [
      clock(s.created_at, input.timeZone, input.range),
      invoice(s.id),
      s.room_number,
      guestOf(s),
      unitsOf(input, s),
      money(priceOf(s)),
      money(s.tip_cents),
      money(s.total_cents),
      s.multi ? 0 : 1,
      s.id,
    ]),
    footer: [totalRow(headers, listTotals(input, xs))],
  };
}

const isCard = (s: repo.SaleRow) => s.payment_method === 'Credit Card';

export function creditCardDaily(input: ReportInput): Built {
  const headers = ['Time', 'Card Transaction', 'Agent', 'Unit(s)', 'Price', 'Tip', 'Total'];
  const xs = input.sales.filter((s) => live(s) && isCard(s));
  return {
    headers,
    rows: xs.map((s) => [
      clock(s.created_at, input.timeZone, input.range),
      s.card_transaction_id ?? '',
      s.agent,
      unitsOf(input, s),
      money(priceOf(s)),
      money(s.tip_cents),
      money(s.total_cents),
    ]),
    footer: [totalRow(headers, listTotals(input, xs))],
  };
}

export function creditCard(input: ReportInput): Built {
  const headers = ['Agent', 'Location', 'Sales', 'Price', 'Tip', 'Total'];
  const xs = input.sales.filter((s) => live(s) && isCard(s));
  const by = groupBy(xs, (s) => `${s.agent}\u0000${s.location ?? ''}`);
  const line = (a: string, l: string, list: repo.SaleRow[]) => [
    a,
    l,
    list.length,
    money(sum(list, priceOf)),
    money(sum(list, (s) => s.tip_cents)),
    money(sum(list, (s) => s.total_cents)),
  ];
  return {
    headers,
    rows: [...by.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, list]) => {
        const [a, l] = k.split('\u0000') as [string, string];
        return line(a, l, list);
      }),
    footer: [line('Total', '', xs)],
  };
}

export function reprint(input: ReportInput): Built {
  const bySale = new Map(input.sales.map((s) => [s.id, s]));
  return {
    headers: ['Time', 'Agent', 'Invoice', 'Unit(s)'],
    rows: input.reprints.map((r) => {
      const s = bySale.get(r.sale_id);
      return [clock(r.at, input.timeZone, input.range), r.agent, invoice(r.sale_id), s ? unitsOf(input, s) : ''];
    }),
    footer: [['Reprints', input.reprints.length, '', '']],
  };
}

/** Sales an admin re-priced: the price list's amount, what was charged, who changed it. */
export function customPrice(input: ReportInput): Built {
  const headers = ['Time', 'Invoice', 'Unit(s)', 'Agent', 'List', 'Charged', 'Difference', 'Changed By'];
  const bySale = new Map(input.sales.filter(live).map((s) => [s.id, s]));
  const edits = groupBy(input.priceEdits, (e) => e.sale_id);
  const rows: ReportCell[][] = [];
  let diff = 0;
  for (const [saleId, list] of edits) {
    const s = bySale.get(saleId);
    if (!s) continue;
    const first = JSON.parse(list[0]!.before_value) as { price: number };
    const d = priceOf(s) - first.price;
    diff += d;
    rows.push([
      clock(s.created_at, input.timeZone, input.range),
      invoice(s.id),
      unitsOf(input, s),
      s.agent,
      money(first.price),
      money(priceOf(s)),
      money(d),
      list[list.length - 1]!.who ?? '',
    ]);
  }
  return { headers, rows, footer: [footerRow(headers, `Total (${rows.length})`, { Difference: money(diff) })] };
}

/** Tips per agent and method, from the SQL sums (`totals`, keyed by the agent's name). */
export function agentTip(input: ReportInput): Built {
  const headers = ['Agent', 'Tips', ...methodCols, 'Total'];
  const line = (label: string, list: repo.MethodTotal[]) => [
    label,
    sum(list, (t) => t.n),
    ...perMethodTotals(list, (t) => t.tip_cents),
    money(sum(list, (t) => t.tip_cents)),
  ];
  return {
    headers,
    rows: [...groupBy(input.totals, (t) => t.key).entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([a, l]) => line(a, l)),
    footer: [line('Total', input.totals)],
  };
}

export function userLog(input: ReportInput): Built {
  const headers = ['Name', 'Sign-ins', 'Sign-outs', 'Actions'];
  type Line = { userId: number; name: string; at: number; what: string; kind: 'signin' | 'signout' | 'action' };
  const lines: Line[] = [
    ...input.audit.map((a) => ({
      userId: a.user_id as number,
      name: a.name,
      at: Number(a.at),
      kind:
        a.kind === 'signin' ? ('signin' as const) : a.kind === 'signout' ? ('signout' as const) : ('action' as const),
      what:
        a.kind === 'signin' ? `Signed in (${a.detail})` : a.kind === 'signout' ? 'Signed out' : `${a.kind} ${a.detail}`,
    })),
    ...input.actions.map((a) => ({
      userId: a.user_id as number,
      name: a.name,
      at: Number(a.at),
      kind: 'action' as const,
      what: `${a.location} ${a.unit_number}: ${a.text}`,
    })),
  ].sort((a, b) => a.at - b.at);
  const by = [...groupBy(lines, (l) => l.userId).entries()].sort((a, b) => a[1][0]!.name.localeCompare(b[1][0]!.name));
  const count = (l: Line[], k: Line['kind']) => l.filter((x) => x.kind === k).length;
  return {
    headers,
    rows: by.map(([, l]) => [l[0]!.name, count(l, 'signin'), count(l, 'signout'), count(l, 'action')]),
    footer: [],
    userList: by.map(([id, l]) => ({ id, name: l[0]!.name })),
    agents: by.map(([id, l]) => ({
      id,
      name: l[0]!.name,
      headers: ['Time', 'What'],
      rows: l.map((x) => [clock(x.at, input.timeZone, input.range), x.what]),
      footer: [],
    })),
  };
}

export function allTransactions(input: ReportInput): Built {
  const headers = [
    'Time',
    'Invoice',
    'Unit(s)',
    'Location',
    'Agent',
    'Method',
    'Hotel',
    'Room',
    'Price',
    'Tip',
    'Total',
    // Issue 34: where each room charge stands with the hotel's PMS (only when a hotel has one).
    ...(input.postings ? ['Posting'] : []),
    'Status',
    'Editable',
    'ID',
  ];
  const shown = input.showDeleted ? input.sales : input.sales.filter(live);
  const posting = input.postings;
  return {
    headers,
    rows: shown.map((s) => [
      clock(s.created_at, input.timeZone, input.range),
      invoice(s.id),
      unitsOf(input, s),
      s.location ?? '',
      s.agent,
      s.payment_method,
      s.hotel ?? '',
      s.room_number,
      money(priceOf(s)),
      money(s.tip_cents),
      money(s.total_cents),
      ...(posting ? [posting.get(s.id) ?? ''] : []),
      // Issue 23: the promised unit was sold meanwhile; the row says so, with the guest's name,
      // until the customer is seated (read as a double sale otherwise).
      !live(s) ? 'Deleted' : input.unseated?.has(s.id) ? unseatedCell(input.unseated.get(s.id)!) : '',
      // Spec section 6: edit price and switch hotel only where this is 1. A cart's one price cannot
      // be split back over its units, so only single-unit sales that still count are editable.
      live(s) && !s.multi ? 1 : 0,
      s.id,
    ]),
    footer: methodFooter(headers, totalsOf(input.sales.filter(live))),
  };
}

function tipList(input: ReportInput, cardOnly: boolean): Built {
  const headers = ['Time', 'Invoice', 'Unit(s)', 'Agent', 'Method', 'Price', 'Tip', 'Total', 'Editable', 'ID'];
  const xs = input.sales.filter((s) => live(s) && s.tip_cents > 0 && (!cardOnly || isCard(s)));
  return {
    headers,
    rows: xs.map((s) => [
      clock(s.created_at, input.timeZone, input.range),
      invoice(s.id),
      unitsOf(input, s),
      s.agent,
      s.payment_method,
      money(priceOf(s)),
      money(s.tip_cents),
      money(s.total_cents),
      1,
      s.id,
    ]),
    footer: methodFooter(headers, listTotals(input, xs)),
  };
}

export const tip = (input: ReportInput) => tipList(input, false);
export const creditCardTips = (input: ReportInput) => tipList(input, true);

/** Search only: per day of the range, the totals per payment method (from the SQL sums, keyed by day). */
export function dailyByType(input: ReportInput): Built {
  const headers = ['Date', 'Sales', ...methodCols, 'Tips', 'Total'];
  const line = (label: string, list: repo.MethodTotal[]) => [
    label,
    sum(list, (t) => t.n),
    ...perMethodTotals(list, (t) => t.total_cents),
    money(sum(list, (t) => t.tip_cents)),
    money(sum(list, (t) => t.total_cents)),
  ];
  return {
    headers,
    rows: [...groupBy(input.totals, (t) => t.key).entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([d, l]) => line(d, l)),
    footer: [line('Total', input.totals)],
  };
}

const channelLabels = { staff: 'Desk', phone: 'Phone', online: 'Online' } as const;

/**
 * Bookings (issue 24 point 8): one row per day and channel — bookings for the day, checked in,
 * no-shows, cancelled — and the deposit money that counts on the day (taken, applied at check-in,
 * refunded, forfeited), as the drop-off counts a deposit on the day it was taken.
 */
export function reservations(input: ReportInput): Built {
  const headers = [
    'Day',
    'Channel',
    'Booked',
    'Checked in',
    'No-shows',
    'Cancelled',
    'Deposits taken',
    'Deposits applied',
    'Deposits refunded',
    'Deposits forfeited',
  ];
  const counts = input.bookings?.counts ?? [];
  const cash = input.bookings?.money ?? [];
  const keys = new Set([...counts, ...cash].map((r) => `${r.day}|${r.channel}`));
  const order = Object.keys(channelLabels);
  const line = (c: typeof counts, m: typeof cash): ReportCell[] => {
    const n = (status?: string) => sum(status ? c.filter((r) => r.status === status) : c, (r) => r.n);
    const cents = (kind: string) =>
      money(
        sum(
          m.filter((r) => r.kind === kind),
          (r) => r.cents,
        ),
      );
    return [
      n(),
      n('checked_in'),
      n('no_show'),
      n('cancelled'),
      cents('deposit'),
      cents('applied'),
      cents('refund'),
      cents('forfeit'),
    ];
  };
  const rows = [...keys]
    .map((k) => k.split('|') as [string, keyof typeof channelLabels])
    .sort(([da, ca], [db, cb]) => da.localeCompare(db) || order.indexOf(ca) - order.indexOf(cb))
    .map(([day, channel]): ReportCell[] => [
      day,
      channelLabels[channel] ?? channel,
      ...line(
        counts.filter((r) => r.day === day && r.channel === channel),
        cash.filter((r) => r.day === day && r.channel === channel),
      ),
    ]);
  return { headers, rows, footer: rows.length ? [['Total', '', ...line(counts, cash)]] : [] };
}

/**
 * Online payments (issue 33 point 9, decision 305): per day, the payments taken online and the
 * refunds sent back (Sandbar's ledger, the day each counts on), the provider's fees on the day's
 * lines where the provider was read (blank where it never was: unknown is not zero), and the net:
 * paid − refunded − fees. None of it is cash on hand.
 */
export function payments(input: ReportInput): Built {
  const headers = ['Day', 'Payments', 'Paid online', 'Refunds', 'Refunded', 'Fees', 'Net'];
  const m = input.online?.money ?? [];
  const fees = input.online?.fees ?? new Map<string, number>();
  const read = input.online?.read ?? new Set<string>();
  const days = [...new Set([...m.map((r) => r.day), ...fees.keys()])].sort();
  const line = (rows: typeof m, dayFees: number | null): ReportCell[] => {
    const of = (kind: string) => rows.filter((r) => r.kind === kind);
    const paid = sum(of('deposit'), (r) => r.cents);
    const refunded = sum(of('refund'), (r) => r.cents);
    return [
      sum(of('deposit'), (r) => r.n),
      money(paid),
      sum(of('refund'), (r) => r.n),
      money(refunded),
      dayFees == null ? '' : money(dayFees),
      money(paid - refunded - (dayFees ?? 0)),
    ];
  };
  const feeOf = (day: string) => (read.has(day) || fees.has(day) ? (fees.get(day) ?? 0) : null);
  const rows = days.map((day): ReportCell[] => [
    day,
    ...line(
      m.filter((r) => r.day === day),
      feeOf(day),
    ),
  ]);
  const known = days.map(feeOf).filter((f): f is number => f != null);
  return {
    headers,
    rows,
    footer: rows.length ? [['Total', ...line(m, known.length ? sum(known, (f) => f) : null)]] : [],
  };
}

/**
 * Rentals and F&B apart and together (issue 35 point 8), under the daily sales reports: a sale is
 * F&B when features/fnb wrote it (sales.fnb; an order paid now, a room charge or a tab settled).
 */
export function salesSplit(input: ReportInput): NonNullable<Built['split']> {
  const xs = input.sales.filter(live);
  const line = (label: string, list: repo.SaleRow[]): ReportCell[] => [
    label,
    list.length,
    money(sum(list, priceOf)),
    money(sum(list, (s) => s.tip_cents)),
    money(sum(list, (s) => s.total_cents)),
  ];
  return {
    headers: ['Kind', 'Sales', 'Price', 'Tip', 'Total'],
    rows: [
      line(
        'Rentals',
        xs.filter((s) => !Number(s.fnb)),
      ),
      line(
        'F&B',
        xs.filter((s) => Number(s.fnb)),
      ),
      line('Total', xs),
    ],
  };
}

export const builders = {
  sales,
  salesLocation,
  salesAgent,
  salesAgentCompetitive,
  hourlySales,
  move,
  charge,
  creditCardDaily,
  creditCard,
  reprint,
  customPrice,
  agentTip,
  userLog,
  allTransactions,
  tip,
  creditCardTips,
  dailyByType,
  reservations,
  payments,
} satisfies Record<string, (input: ReportInput) => Built>;

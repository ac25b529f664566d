import { z } from 'zod';
import { Id, Money, idOf, wholeNumber } from './common';
import type { UserType } from './roles';

// Reports (spec sections 2, 3, 7; DESIGN.md section 10). A report is one business day in the
// venue's time zone unless searched by range; every type answers the same ReportData shape.

/** Daily report types of the catalogue (DESIGN.md section 10), besides one RoomCharge per hotel. */
export const dailyReportTypes = [
  'sales',
  'salesLocation',
  'salesAgent',
  'salesAgentCompetitive',
  'hourlySales',
  'move',
  'charge',
  'creditCardDaily',
  'creditCard',
  'reprint',
  'customPrice',
  'agentTip',
  'userLog',
  'allTransactions',
  'tip',
  'creditCardTips',
  'reservations',
  'payments',
] as const;
export type DailyReportType = (typeof dailyReportTypes)[number];

/** The daily sales reports that show rentals and F&B apart and together (ReportData.split). */
export const salesReportSplitTypes: readonly string[] = ['sales', 'salesLocation', 'salesAgent', 'hourlySales'];

export const roomChargeSuffix = 'RoomCharge';

/** "Sandy Shores Resort" → "sandyShoresResortRoomCharge" (spec section 9: the hotel name in camelCase). */
export function roomChargeType(hotelName: string): string {
  const words = hotelName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const camel = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
  return `${camel || 'hotel'}${roomChargeSuffix}`;
}

export function isRoomChargeType(type: string): boolean {
  return type.endsWith(roomChargeSuffix) && type.length > roomChargeSuffix.length;
}

/** Types searchable over a range (spec section 2), with the selector's labels; hotels add theirs. */
export const searchReportTypes = [
  { type: 'move', label: 'Move' },
  { type: 'agentTip', label: 'Agent' },
  { type: 'tip', label: 'Transactions' },
  { type: 'creditCardTips', label: 'Credit Card' },
  { type: 'creditCardDaily', label: 'Credit Card Daily' },
  { type: 'dailyByType', label: 'Daily Totals' },
  { type: 'reservations', label: 'Bookings' },
  { type: 'payments', label: 'Payments' },
] as const;
export const searchOnlyTypes = ['dailyByType'] as const;

/** The buttons of the reports screen per role (spec section 2); 'hotels' opens the Hotels view. */
export const reportButtons = {
  A: [
    { label: 'Hotels', type: 'hotels' },
    { label: 'User Log', type: 'userLog' },
    { label: 'All Transaction', type: 'allTransactions' },
    { label: 'By Agent', type: 'salesAgent' },
    { label: 'Credit Card', type: 'creditCard' },
    { label: 'Move', type: 'move' },
    { label: 'Search', type: 'searchSales' },
    // Issue 24's report, after the spec's buttons so they keep the spec's order.
    { label: 'Bookings', type: 'reservations' },
    // Issue 33 point 9: online money per day, and a day's reconciliation with the provider.
    { label: 'Payments', type: 'payments' },
    { label: 'Reconciliation', type: 'reconciliation' },
  ],
  S: [
    { label: 'Hotels', type: 'hotels' },
    { label: 'Location', type: 'salesLocation' },
    { label: 'Agent', type: 'salesAgent' },
    { label: 'Hourly', type: 'hourlySales' },
    { label: 'Transactions', type: 'allTransactions' },
    { label: 'User Log', type: 'userLog' },
    { label: 'Bookings', type: 'reservations' },
    { label: 'Payments', type: 'payments' },
    { label: 'Reconciliation', type: 'reconciliation' },
  ],
} as const;

/**
 * Which daily types a supervisor may read: the supervisor set of spec sections 2 and 6 (their
 * buttons, plus the hotels' RoomCharge reports). Admins read every type.
 */
export const supervisorReportTypes: readonly string[] = [
  'salesLocation',
  'salesAgent',
  'hourlySales',
  'allTransactions',
  'userLog',
  'reservations',
  'payments',
];

export function mayReadReport(userType: UserType, type: string): boolean {
  if (userType === 'A') return true;
  if (userType === 'S') return supervisorReportTypes.includes(type) || isRoomChargeType(type);
  return false;
}

/** Types whose rows carry [..., editable (0/1), sale id] as their last two cells (spec section 6). */
export const selectableReportTypes: readonly string[] = ['allTransactions', 'tip', 'creditCardTips'];
/** Deleting from these removes the tip, not the sale (DESIGN.md section 10). */
export const tipReportTypes: readonly string[] = ['tip', 'creditCardTips'];

export const ReportCell = z.union([z.string(), z.number()]);
export type ReportCell = z.infer<typeof ReportCell>;

/** A titled sub-table: one per agent (hourlySales) or per user (userLog). */
export const ReportGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  headers: z.array(z.string()),
  rows: z.array(z.array(ReportCell)),
  footer: z.array(z.array(ReportCell)),
});
export type ReportGroup = z.infer<typeof ReportGroup>;

/** Report data (spec section 3). Times: startTime/endTime epoch ms; timeStamp 10-digit seconds. */
export const ReportData = z.object({
  reportType: z.string(),
  reportTitle: z.string(),
  reportHeaders: z.array(z.string()),
  reportRows: z.array(z.array(ReportCell)),
  reportFooter: z.array(z.array(ReportCell)),
  agents: z.array(ReportGroup),
  userList: z.array(z.object({ id: z.number().int(), name: z.string() })),
  reportSettings: z.object({ emailAddresses: z.string() }),
  startDate: z.string(),
  startTime: z.number(),
  endDate: z.string(),
  endTime: z.number(),
  timeStamp: z.number().int(),
  currentDate: z.string(),
  /** Sales and revenue per venue hour of the day (hourlySales; the chart). */
  hourly: z.array(z.object({ hour: z.number().int(), sales: z.number().int(), revenue: Money })).optional(),
  /**
   * A list search over a range answers one page of rows (decision 102): `total` rows match the
   * whole range, `next` asks for the following page (null on the last). The footer always covers
   * the whole range.
   */
  page: z.object({ total: z.number().int(), next: z.string().nullable() }).optional(),
  /**
   * The daily sales reports (salesReportSplitTypes; issue 35 point 8): rentals and F&B apart and
   * together, a small table under the report — one row each for 'Rentals', 'F&B' and 'Total' with
   * the sales, their price before tip, tips and the money taken. The report's own rows and footer
   * stay as they were (every sale, both kinds together).
   */
  split: z.object({ headers: z.array(z.string()), rows: z.array(z.array(ReportCell)) }).optional(),
});
export type ReportData = z.infer<typeof ReportData>;

/** 10-digit epoch seconds (spec section 9); any instant of a day selects that day. */
const Seconds = wholeNumber(1_000_000_000, 9_999_999_999, 'The report time is 10-digit epoch seconds');
const Millis = wholeNumber(0, 99_999_999_999_999, 'Search dates are epoch milliseconds');
const ReportTypeParam = z.string().regex(/^[A-Za-z0-9]{1,80}$/, { error: 'Unknown report type' });

export const GetReportParams = z.object({ type: ReportTypeParam, timestamp: Seconds });
export type GetReportParams = z.infer<typeof GetReportParams>;
export const GetSearchReportParams = z.object({ type: ReportTypeParam, startMs: Millis, endMs: Millis });
export type GetSearchReportParams = z.infer<typeof GetSearchReportParams>;

/**
 * The list searches (every tipped, card or room-charge sale of a range) answer in pages, oldest
 * first (decision 102). A screen shows 500 rows at a time; a CSV download asks for the most.
 */
export const searchPageRows = { default: 500, max: 5000 } as const;
/** Types whose search is a list of sales, paged; the others (sums, moves) answer whole. */
export const pagedSearchTypes: readonly string[] = ['tip', 'creditCardTips', 'creditCardDaily'];
export const isPagedSearchType = (type: string) => pagedSearchTypes.includes(type) || isRoomChargeType(type);
export const GetSearchReportQuery = z.object({
  /** The `page.next` of the previous page: where the next one starts. */
  after: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}\.\d{1,15}\.\d{1,15}$/, { error: 'after is the page.next of the previous page' })
    .optional(),
  limit: wholeNumber(1, searchPageRows.max, `limit is a whole number from 1 to ${searchPageRows.max}`).optional(),
});
export type GetSearchReportQuery = z.infer<typeof GetSearchReportQuery>;

export const reportTexts = {
  unknownType: (type: string) => `There is no report called ${type}.`,
  notYourReport: 'Your role does not allow this report.',
  outsideWindow: 'Supervisors see reports for today and yesterday only.',
  rangeBackwards: 'The search must start on or before its end date.',
  rangeTooLong: 'Search at most 400 days at a time.',
  notSearchable: (type: string) => `${type} cannot be searched over a range.`,
  saleNotFound: 'No such transaction.',
  notEditable: 'Only single-unit transactions that are not deleted can be edited.',
  notRoomCharge: 'Only room charges can be switched to another hotel.',
  sameHotel: 'The room charge is already on that hotel.',
  noTip: 'This transaction has no tip.',
  deleted: 'Transaction deleted.',
  deletedMany: (n: number) => `${n} transaction(s) deleted.`,
  tipsDeleted: (n: number) => `Tip removed from ${n} transaction(s).`,
  restored: 'Transaction restored.',
  notDeleted: 'This transaction is not deleted.',
  priceSaved: 'Transaction price saved.',
  tipSaved: 'Tip saved.',
  switched: (hotel: string) => `Room charge moved to ${hotel}.`,
  invalidEmails: (bad: string[]) => `These are not e-mail addresses: ${bad.join(', ')}`,
  emailsSaved: 'Email addresses saved.',
  reportSaved: 'Report saved.',
  reportNotFound: 'No such report.',
  noSubscribers: 'This report has no subscribers yet: add them with Add / View Subscribers.',
  onlyAdminsCorrect: 'Only admins correct transactions.',
  onlyAdminsEmail: 'Only admins e-mail reports and manage their subscribers.',
  reasonLabel: 'Reason',
  reasonRequired: 'Say why you are making this correction.',
} as const;

/** Ids as the spec sends them: numbers or numeric strings. */
const SaleId = idOf('Transaction ids are numbers');
const idListText = 'deleteIds is a comma list of transaction ids';
const IdList = z
  .union(
    [
      z
        .string({ error: idListText })
        .regex(/^[\s,]*[1-9]\d{0,9}(?:\s*,[\s,]*[1-9]\d{0,9})*[\s,]*$/, { error: idListText })
        .max(20_000),
      z.array(SaleId, { error: idListText }).min(1, { error: idListText }).max(1000, { error: idListText }),
    ],
    { error: idListText },
  )
  .transform((v) =>
    (Array.isArray(v) ? v.map(String) : v.split(','))
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number),
  )
  .refine((ids) => ids.length > 0 && ids.length <= 1000 && ids.every((n) => Number.isInteger(n) && n > 0), {
    error: 'deleteIds is a comma list of transaction ids',
  });
const AmountIn = z.union([
  z.number().nonnegative({ error: 'Amounts are numbers like 35.00' }).max(1_000_000),
  z
    .string()
    .trim()
    .regex(/^\$?\d{1,7}(\.\d{1,2})?$/, { error: 'Amounts are numbers like 35.00' }),
]);
const OptionalSeconds = z.union([Seconds, z.literal(''), z.null()]).optional();

/** Why an admin corrects a sale (issue 26): the web always asks; kept on the correction's line. */
const Reason = z.string().trim().max(500, { error: 'Keep the reason under 500 characters' }).optional().default('');

export const DeleteTransactionBody = z.object({
  deleteId: SaleId,
  reason: Reason,
  reportTime: OptionalSeconds,
  reportType: z.string().max(80).optional(),
});
export type DeleteTransactionBody = z.input<typeof DeleteTransactionBody>;
export const DeleteMultiBody = z.object({ deleteIds: IdList, reportTime: OptionalSeconds, reason: Reason });
export type DeleteMultiBody = z.input<typeof DeleteMultiBody>;
export const RestoreTransactionBody = z.object({ transactionId: SaleId, reason: Reason });
export type RestoreTransactionBody = z.input<typeof RestoreTransactionBody>;
export const SaveTransactionBody = z.object({
  price: AmountIn,
  transactionId: SaleId,
  reason: Reason,
  reportType: z.string().max(80).optional(),
  reportTime: OptionalSeconds,
});
export type SaveTransactionBody = z.input<typeof SaveTransactionBody>;
export const SaveTipBody = z.object({ tip: AmountIn, transactionId: SaleId, reason: Reason });
export type SaveTipBody = z.input<typeof SaveTipBody>;
export const GetTipBody = z.object({ transactionId: SaleId });
export type GetTipBody = z.input<typeof GetTipBody>;
export const GetTipResponse = z.object({ transactionId: z.number().int(), Tip_Amount: Money, price: Money });
export type GetTipResponse = z.infer<typeof GetTipResponse>;
/** customerId: the sale; reportType: the target hotel's RoomCharge type (or its hotel id). */
export const SwitchTransactionBody = z.object({
  customerId: SaleId,
  reportType: z.string().trim().min(1, { error: 'Choose the hotel to move the room charge to' }).max(80),
  reason: Reason,
});
export type SwitchTransactionBody = z.input<typeof SwitchTransactionBody>;
export const LookupTransactionBody = z.object({ viewTransactionId: SaleId });
export type LookupTransactionBody = z.input<typeof LookupTransactionBody>;

export const Correction = z.object({
  kind: z.string(),
  reason: z.string(),
  who: z.string(),
  at: z.number(),
  before: z.string(),
  after: z.string(),
});
export type Correction = z.infer<typeof Correction>;

/** Transaction detail (spec section 3: doyFriendly, notes, Tip_Amount) plus what an admin needs. */
export const TransactionDetail = z.object({
  transactionId: z.number().int(),
  doyFriendly: z.string(),
  notes: z.string(),
  Tip_Amount: Money,
  price: Money,
  total: Money,
  paymentMethod: z.string(),
  hotel: z.string(),
  agent: z.string(),
  deleted: z.boolean(),
  deletedBy: z.string(),
  history: z.array(Correction),
});
export type TransactionDetail = z.infer<typeof TransactionDetail>;

export const CorrectionResponse = z.object({ success: z.literal(1), details: z.string(), count: z.number().int() });
export type CorrectionResponse = z.infer<typeof CorrectionResponse>;

/** Addresses: separated by commas (spec section 5); spaces, semicolons and new lines are forgiven. */
export function parseEmailList(text: string): { valid: string[]; invalid: string[] } {
  const parts = text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const ok = (e: string) => /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/.test(e) && e.length <= 254;
  return { valid: [...new Set(parts.filter(ok))], invalid: parts.filter((p) => !ok(p)) };
}

/** Addresses separated by commas, semicolons or spaces (the rule of parseEmailList, as a pattern). */
const emailListPattern =
  /^[\s,;]*(?:[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+(?:[\s,;]+[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+)*)?[\s,;]*$/;
const EmailListIn = z
  .string()
  .max(5000)
  .regex(emailListPattern, {
    error: (iss) => reportTexts.invalidEmails(parseEmailList(String(iss.input)).invalid),
  })
  // An address over 254 characters fits the pattern but is none (the same message, shown once).
  .superRefine((v, ctx) => {
    const { invalid } = parseEmailList(v);
    if (invalid.length) ctx.addIssue({ code: 'custom', message: reportTexts.invalidEmails(invalid) });
  })
  .transform((v) => parseEmailList(v).valid.join(', '));

export const SaveEmailAddressesBody = z.object({
  emailAddresses: EmailListIn,
  reportType: ReportTypeParam,
});
export type SaveEmailAddressesBody = z.input<typeof SaveEmailAddressesBody>;
export const SaveEmailAddressesResponse = z.object({
  success: z.literal(1),
  details: z.string(),
  emailAddresses: z.string(),
});

export const SendEmailReportResponse = z.object({
  success: z.literal(1),
  details: z.string(),
  queued: z.number().int(),
});
export type SendEmailReportResponse = z.infer<typeof SendEmailReportResponse>;

/** Report config (spec section 3): ID, name, emailAddresses, reportType (read-only). */
export const ReportConfig = z.object({
  ID: z.number().int(),
  name: z.string(),
  emailAddresses: z.string(),
  reportType: z.string(),
});
export type ReportConfig = z.infer<typeof ReportConfig>;
export const ReportListResponse = z.object({ reports: z.array(ReportConfig) });
export type ReportListResponse = z.infer<typeof ReportListResponse>;
export const ReportResponse = z.object({ report: ReportConfig, pageMode: z.literal('editReport') });
export type ReportResponse = z.infer<typeof ReportResponse>;

/** The edit form (spec section 5: 'You left the price "Name" blank', the customer's wording). */
export const ReportForm = z.object({
  id: Id,
  name: z.string().trim().min(1, { error: 'You left the price "Name" blank' }).max(200),
  emailAddresses: EmailListIn,
});
export type ReportForm = z.input<typeof ReportForm>;
export const SaveReportListBody = z.object({ postData: ReportForm });
export type SaveReportListBody = z.input<typeof SaveReportListBody>;
/** pageMode saveReport sends the screen back to /config/reports (spec section 4). */
export const SaveReportListResponse = z.object({
  success: z.literal(1),
  details: z.string(),
  pageMode: z.literal('saveReport'),
});

/** Readable names of the daily types (report config list, e-mail subjects). */
export const reportNames: Record<DailyReportType | 'dailyByType', string> = {
  sales: 'Sales',
  salesLocation: 'Sales by Location',
  salesAgent: 'Sales by Agent',
  salesAgentCompetitive: 'Agent Ranking',
  hourlySales: 'Hourly Sales',
  move: 'Moves',
  charge: 'Room Charges',
  creditCardDaily: 'Credit Card Daily',
  creditCard: 'Credit Card',
  reprint: 'Reprints',
  customPrice: 'Custom Prices',
  agentTip: 'Tips by Agent',
  userLog: 'User Log',
  allTransactions: 'All Transactions',
  tip: 'Transactions with Tips',
  creditCardTips: 'Credit Card Tips',
  dailyByType: 'Daily Totals',
  reservations: 'Bookings',
  payments: 'Online Payments',
};

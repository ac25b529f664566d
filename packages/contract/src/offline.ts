import { z } from 'zod';
import { Money, idOf } from './common';

// Selling through a Wi-Fi drop (issue 13): sales taken on a tablet while the server was
// unreachable arrive later through saveCustomer with `takenAt` (sales.ts); when their unit was
// sold meanwhile, the customer waits in "Needs attention" until seated on a free unit.

/** A queued sale may be this old when it reaches the server, and no older. */
export const offlineWindowMs = 24 * 60 * 60_000;
/** A tablet clock this far ahead of the server's is still believed (then clamped to now). */
export const offlineClockSkewMs = 5 * 60_000;
/** Only these are taken offline: card and room charge need the server at the time of sale. */
export const offlinePaymentMethods = ['Cash', 'Voucher'] as const;

export const offlineTexts = {
  onlineOnly: 'Card and room charge need the server: they cannot be taken while offline.',
  tooOld: (taken: string) =>
    `This sale was taken offline at ${taken}, more than 24 hours ago: it cannot be added to a closed day. ` +
    'It stays on the tablet; ask a supervisor to record it.',
  inFuture: "This sale's time is ahead of the server's clock. Check the tablet's date and time.",
  attentionNotFound: 'That item is not in Needs attention.',
  alreadySeated: (unit: string) => `That customer was already seated at ${unit}.`,
  seated: (name: string, unit: string) => `${name || 'Customer'} seated at ${unit}.`,
  targetNotFree: (unit: string) => `${unit} is not free. Choose an empty unit.`,
  /**
   * A sale whose customer waits unseated (issue 23): the report rows and Today's Customers say so,
   * with the customer's name, until somebody seats them (never read as a double sale).
   */
  unseatedStatus: 'Unseated (offline conflict)',
};

/** The report's Status cell of a sale whose customers wait unseated: "Unseated (offline conflict): Ana". */
export const unseatedCell = (names: string[]): string =>
  `${offlineTexts.unseatedStatus}: ${names.map((n) => n || 'Customer').join(', ')}`;

/** One "Needs attention" item: who paid, how much, when, and the unit they were promised. */
export const AttentionItem = z.object({
  id: z.number().int(),
  saleId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  paymentMethod: z.string(),
  amount: Money,
  /** When the sale was taken on the tablet (epoch ms). */
  takenAt: z.number(),
  /** Initials of who took it. */
  takenBy: z.string(),
  day: z.string(),
  locationId: z.number().int(),
  promisedUnitId: z.number().int(),
  promisedUnit: z.string(),
});
export type AttentionItem = z.infer<typeof AttentionItem>;

export const NeedsAttentionResponse = z.object({ items: z.array(AttentionItem) });
export type NeedsAttentionResponse = z.infer<typeof NeedsAttentionResponse>;

export const SeatUnseatedBody = z.object({
  attentionId: idOf('Choose an item'),
  unitId: idOf('Choose a unit'),
});
export type SeatUnseatedBody = z.infer<typeof SeatUnseatedBody>;

export const SeatUnseatedResponse = z.object({
  status: z.literal(1),
  details: z.string(),
  unitId: z.number().int(),
  customerId: z.number().int(),
});
export type SeatUnseatedResponse = z.infer<typeof SeatUnseatedResponse>;

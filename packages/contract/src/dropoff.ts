import { z } from 'zod';
import { Id, idOf } from './common';
import { formatMoney } from './rules/money';

// Drop-off corrections (issue 14, defect 5; DESIGN.md section 8): the confirmation above cash on
// hand, voiding with a reason, and a supervisor's view of any agent's Notes / Drops.

/** Sandbar's own texts for drop-offs (the spec gives only 'Enter a dropoff amount!'). */
export const dropoffTexts = {
  overCashOnHand: (amount: string, cashOnHand: string) =>
    `${formatMoney(amount)} is more than the cash on hand (${formatMoney(cashOnHand)}). Save it anyway?`,
  confirmTitle: 'More than the cash on hand',
  voidReasonBlank: 'Give a reason for voiding this drop-off.',
  voided: 'Drop off voided.',
  notFound: 'No such drop-off.',
  alreadyVoided: 'This drop-off was already voided.',
  onlyYourOwn: 'Only a supervisor or an admin can see another agent’s drop-offs.',
  keyReused: 'This drop-off key was already used for a different amount.',
  inFuture: "This drop-off's time is ahead of the server's clock. Check the tablet's date and time.",
  tooOld:
    'This drop-off was made offline more than 24 hours ago: it stays on the tablet; ask a supervisor to record it.',
} as const;

/** GET /getDropoffReport?agentId= : supervisors and admins may look at another agent's day. */
export const DropoffReportQuery = z.object({ agentId: Id.optional() });
export type DropoffReportQuery = z.infer<typeof DropoffReportQuery>;

/** POST /voidDropoff {id, reason}: A and S only. */
export const VoidDropoffBody = z.object({
  id: idOf(dropoffTexts.notFound),
  reason: z
    .string({ error: dropoffTexts.voidReasonBlank })
    .trim()
    .min(1, { error: dropoffTexts.voidReasonBlank })
    .max(500),
});
export type VoidDropoffBody = z.input<typeof VoidDropoffBody>;
export const VoidDropoffResponse = z.object({ success: z.literal(1), details: z.string() });

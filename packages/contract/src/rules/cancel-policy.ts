// The venue's cancellation policy (issue 24 point 2; Config → Bookings): a booking cancelled up to
// the cut-off — so many hours before its first day starts in the venue's zone — gets its deposit
// back; cancelled later, the venue keeps it. Staff, the guest's manage page and the server ask
// this one rule, so what the screen promises is what the server does.

export const cancelOutcomes = ['refund', 'forfeit', 'none'] as const;
/** refund: the deposit goes back; forfeit: the venue keeps it; none: there is no deposit on account. */
export type CancelOutcome = (typeof cancelOutcomes)[number];

/** The venue's cut-off in hours ('24'), 24 when it is not a whole number. */
export function cutoffHoursOf(setting: string): number {
  return /^\d{1,3}$/.test(setting.trim()) ? Number(setting.trim()) : 24;
}

/** The last moment a cancellation still gets the deposit back. */
export function cancelCutoffAt(firstDayStartMs: number, cutoffHours: number): number {
  return firstDayStartMs - cutoffHours * 3_600_000;
}

/** What cancelling now does to a deposit of `depositCents` on account. */
export function cancelOutcome(now: number, cutoffAt: number, depositCents: number): CancelOutcome {
  if (depositCents <= 0) return 'none';
  return now <= cutoffAt ? 'refund' : 'forfeit';
}

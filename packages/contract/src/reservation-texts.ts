import { formatMoney } from './rules/money';

// Texts of the bookings API that the pages also show in Spanish (i18n.ts): a leaf module that
// reservations.ts (the schemas) and i18n.ts (the translations) both import, so neither imports the
// other (issue 36, no import circle). `@sandbar/contract/reservations` re-exports them.

/** Sandbar's own texts for cancelling under the policy (issue 24 point 2). */
export const cancelPolicyTexts = {
  overrideRole: 'Only a supervisor or an admin can override the cancellation policy.',
  overrideReasonBlank: 'Give a reason for overriding the cancellation policy.',
  refunded: (amount: string) =>
    `Reservation cancelled before the cut-off: the deposit of ${formatMoney(amount)} is refunded.`,
  forfeited: (amount: string) =>
    `Reservation cancelled after the cut-off: the deposit of ${formatMoney(amount)} is kept.`,
  keptOnAccount: (amount: string) => `Reservation cancelled: the deposit of ${formatMoney(amount)} stays on account.`,
  /** A refund of part of the deposit (issue 33 point 6): the rest is kept by the venue. */
  refundedPart: (refund: string, kept: string) =>
    `Reservation cancelled: ${formatMoney(refund)} of the deposit is refunded and ${formatMoney(kept)} is kept.`,
  refundTooBig: (deposit: string) => `The refund can be at most the deposit on account, ${formatMoney(deposit)}.`,
  refundAmountAlone: 'A refund amount goes with the refund choice.',
  /** The provider refused a refund a cancel sent: owed, shown on /bookings, retried; never recorded as done. */
  refundRefused: (amount: string, why: string) =>
    `The payment provider refused the refund of ${formatMoney(amount)} (${why}). It stays owed under Refunds owed on Bookings and is tried again; nothing is recorded as refunded until the provider accepts it.`,
  /** Retry on a refund owed. */
  refundAccepted: (amount: string) => `The refund of ${formatMoney(amount)} was accepted by the payment provider.`,
  refundPending: (amount: string) =>
    `The refund of ${formatMoney(amount)} was sent; the payment provider confirms it shortly.`,
  refundRefusedAgain: (amount: string, why: string) =>
    `The payment provider refused the refund of ${formatMoney(amount)} again (${why}). It stays owed.`,
  refundNotOwed: 'This refund is not waiting to be tried again (it was accepted or is being sent).',
  refundNotFound: 'No such refund.',
} as const;

/** Sandbar's own texts for staff's waitlist. */
export const staffWaitlistTexts = {
  added: (position: number) => `Added to the waitlist (number ${position} in line).`,
  removed: 'Removed from the waitlist.',
  notFound: 'No such waitlist request.',
  notWaiting: 'This request is no longer waiting (it was offered a unit, booked or removed).',
  twice: 'This guest is already on the waitlist for that day and place.',
} as const;

/** Staff's words of pay by link (issue 33 point 7): the server's answers, shown in Spanish too. */
export const payLinkStaffTexts = {
  sent: (amount: string) => `Payment link for ${amount} sent.`,
  resent: 'Payment link sent again.',
  cancelled: 'Payment link cancelled: the booking is kept, to pay at the beach.',
  notConfigured: 'Online payments are not set up: take the deposit at the desk.',
  alreadyOut: 'A payment link is already out for this booking: send it again or cancel it.',
  notOpen: 'This booking has no payment link waiting.',
  ranOut: 'The payment link ran out and the booking was released.',
  wrongState: 'Only a booked, unpaid booking can get a payment link.',
  guestPaying: "This booking waits for the guest's own online payment.",
  hasMoney: (amount: string) => `This booking has ${amount} on account: take the rest at the desk.`,
  hotelGuest: 'Hotel guests pay through their room at check-in: no payment link.',
  noPhone: 'The booking has no mobile number: send the link by e-mail.',
  noEmail: 'The booking has no e-mail address: send the link by text.',
  nothingToPay: 'These units have no price to ask for: no payment link.',
  depositNone: "The venue's deposit setting gives nothing for this booking: ask for the whole booking.",
  linkOrDeposit: 'Take a deposit at the desk or send a payment link, not both.',
} as const;

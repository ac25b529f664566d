// Pure rules of advance bookings (issue 24, DESIGN.md section 11, decision 170): the states a
// reservation moves through, and which part of a unit's day a booking window claims. Server and
// web both decide with these, so a tile, a button and the server's answer cannot disagree.

export const reservationStatuses = ['held', 'confirmed', 'checked_in', 'no_show', 'cancelled'] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];

export const reservationChannels = ['staff', 'phone', 'online'] as const;
export type ReservationChannel = (typeof reservationChannels)[number];

/** A booking is for the whole day or one of the venue's two price windows (before / from the split hour). */
export const bookingWindows = ['full', 'morning', 'afternoon'] as const;
export type BookingWindow = (typeof bookingWindows)[number];

export type DayHalf = 'am' | 'pm';

/** The halves of a unit's day a window claims: a full day claims both, so it conflicts with either half. */
export function windowHalves(window: BookingWindow): DayHalf[] {
  if (window === 'morning') return ['am'];
  if (window === 'afternoon') return ['pm'];
  return ['am', 'pm'];
}

/** Two bookings of one unit-day conflict when their windows share a half. */
export function windowsConflict(a: BookingWindow, b: BookingWindow): boolean {
  const hb = windowHalves(b);
  return windowHalves(a).some((h) => hb.includes(h));
}

/** What may happen to a reservation in each state: the one machine every caller asks. */
export type ReservationAction = 'confirm' | 'checkIn' | 'move' | 'cancel' | 'noShow' | 'expire' | 'awaitPayment';

const transitions: Record<ReservationStatus, Partial<Record<ReservationAction, ReservationStatus>>> = {
  held: { confirm: 'confirmed', cancel: 'cancelled', expire: 'cancelled', move: 'held' },
  // A confirmed, unpaid booking waits for the payment link staff sent (issue 33 point 7): held again.
  confirmed: { checkIn: 'checked_in', move: 'confirmed', cancel: 'cancelled', noShow: 'no_show', awaitPayment: 'held' },
  // A booking of several days checks in once a day: each day's check-in is its own sale.
  checked_in: { checkIn: 'checked_in', cancel: 'cancelled' },
  no_show: {},
  cancelled: {},
};

/** The state after `action`, or null when the action is not allowed in `status`. */
export function nextReservationStatus(status: ReservationStatus, action: ReservationAction): ReservationStatus | null {
  return transitions[status][action] ?? null;
}

/** Held and confirmed reservations hold their units; the other states have let them go. */
export function holdsUnits(status: ReservationStatus): boolean {
  return status === 'held' || status === 'confirmed';
}

/**
 * The release time of a location from the venue's rule: '11:00' for every location, or
 * 'MB=11:00, CD=12:30' per location name (a bare time among them is the default).
 */
export function releaseTimeFor(rule: string, locationName: string): string | null {
  let fallback: string | null = null;
  for (const part of rule.split(',')) {
    const p = part.trim();
    const m = /^(?:(.+?)\s*=\s*)?((?:[01]\d|2[0-3]):[0-5]\d)$/.exec(p);
    if (!m) continue;
    if (!m[1]) fallback = m[2]!;
    else if (m[1].trim().toLowerCase() === locationName.trim().toLowerCase()) return m[2]!;
  }
  return fallback;
}

/** The venue's release rules (Config → Bookings): the Settings fields of the same names. */
export interface ReleaseRules {
  bookingReleaseTime: string;
  bookingAfternoonReleaseTime: string;
  bookingSplitHour: string;
}

/** 'HH:00' of the hour the afternoon window starts. */
export function afternoonStart(splitHour: string): string {
  return `${String(Number(splitHour) || 0).padStart(2, '0')}:00`;
}

/**
 * When a booking not checked in is released as a no-show (decision 176): full-day and morning
 * bookings at the location's release time, afternoon bookings at its afternoon release time —
 * and never before the afternoon starts, so an afternoon guest always has their window to arrive.
 * null: the rule names no time for this location, nothing is released automatically.
 */
export function releaseTimeOf(rules: ReleaseRules, locationName: string, window: BookingWindow): string | null {
  if (window !== 'afternoon') return releaseTimeFor(rules.bookingReleaseTime, locationName);
  const time = releaseTimeFor(rules.bookingAfternoonReleaseTime, locationName);
  if (!time) return null;
  const start = afternoonStart(rules.bookingSplitHour);
  return time < start ? start : time;
}

/** The afternoon release times of a rule that fall before the afternoon starts (Config refuses them). */
export function afternoonReleasesTooEarly(rule: string, splitHour: string): string[] {
  const start = afternoonStart(splitHour);
  return [...rule.matchAll(/(?:[01]\d|2[0-3]):[0-5]\d/g)].map((m) => m[0]).filter((t) => t < start);
}

/** Location names from a comma-separated rule ('MB, CD'), lower-cased. */
export function namesIn(rule: string): string[] {
  return rule
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * The rows of a location guests may book online, from the venue's rule: 'MB=1 2, CD=1' (rows
 * separated by spaces). A location the rule does not name is bookable in every row (null), so a
 * venue that never sets the rule books as before; 'MB=' keeps every row of MB walk-in.
 */
export function onlineRowsFor(rule: string, locationName: string): number[] | null {
  const wanted = locationName.trim().toLowerCase();
  for (const part of rule.split(',')) {
    const m = /^\s*(.+?)\s*=\s*([\d\s]*)$/.exec(part);
    if (!m || m[1]!.toLowerCase() !== wanted) continue;
    return [...new Set(m[2]!.split(/\s+/).filter(Boolean).map(Number))].sort((a, b) => a - b);
  }
  return null;
}

/** The rule back from the rows chosen per location: a location with every row bookable is left out. */
export function onlineRowsRule(chosen: { name: string; rows: number[]; allRows: number }[]): string {
  return chosen
    .filter((c) => !Array.from({ length: c.allRows }, (_, i) => i + 1).every((r) => c.rows.includes(r)))
    .map((c) => `${c.name}=${[...c.rows].sort((a, b) => a - b).join(' ')}`)
    .join(', ');
}

/**
 * Whether a guest can book a unit of the booking grid for a window: a free unit for any window,
 * a unit booked for one half for the other half only; sold, held, dark units never, nor a unit
 * in a row the venue keeps for walk-ins (`walkIn`, issue 24 point 5).
 */
export function bookableFor(
  unit: { state: 'free' | 'reserved' | 'taken' | 'dark'; halves: Record<DayHalf, boolean>; walkIn?: boolean },
  window: BookingWindow,
): boolean {
  if (unit.walkIn) return false;
  if (unit.state === 'free') return true;
  if (unit.state !== 'reserved') return false;
  return windowHalves(window).every((h) => !unit.halves[h]);
}

/** How long a waitlist offer holds its unit for the guest (minutes) when the venue has not set it. */
export const waitlistOfferMinutes = 15;

/** How long an offer holds its unit: the venue's setting (Config → Bookings, `bookingOfferMinutes`), 1–240 minutes. */
export function offerMinutesOf(settings: { bookingOfferMinutes: string }): number {
  const n = Number(settings.bookingOfferMinutes);
  return Number.isInteger(n) && n >= 1 && n <= 240 ? n : waitlistOfferMinutes;
}

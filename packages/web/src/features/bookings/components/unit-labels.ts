import type { Reservation } from '@sandbar/contract/reservations';

/** A booking's units once each ("MB 12, MB 13"): a booking of several days lists them per day. */
export const unitLabels = (r: Pick<Reservation, 'units'>): string =>
  [...new Set(r.units.map((u) => u.label))].join(', ');

/** How many units that is. */
export const unitCount = (r: Pick<Reservation, 'units'>): number => new Set(r.units.map((u) => u.label)).size;

/** A booking's days as said in a confirmation: "2026-11-28", or "2026-11-28 – 2026-11-30". */
export const dayRange = (r: Pick<Reservation, 'days'>): string =>
  r.days.length > 1 ? `${r.days[0]} – ${r.days[r.days.length - 1]}` : (r.days[0] ?? '');

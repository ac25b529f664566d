/**
 * Venue time: a business day is a calendar day in the venue's IANA time zone (DESIGN.md section 4).
 * Pure helpers shared by server and web; they use Intl so no time-zone database is bundled.
 */

export interface VenueDate {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
}

// Building an Intl formatter costs far more than using one: keep one per time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, fmt);
  }
  return fmt;
}

// The last answer per time zone, for the second it was asked in: a server answering a burst of
// requests asks for "now" in the venue's zone hundreds of times within one second, and
// formatToParts was 2–4 % of its time in the opening rush (issue 36). Every zone's offset is a
// whole number of seconds, so all instants of one second share their parts.
const lastParts = new Map<string, { second: number; parts: VenueDate }>();

export function venueParts(epochMs: number, timeZone: string): VenueDate {
  const second = Math.floor(epochMs / 1000);
  const last = lastParts.get(timeZone);
  if (last && last.second === second) return { ...last.parts };
  const fmt = formatterFor(timeZone);
  const parts = Object.fromEntries(fmt.formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]));
  const out: VenueDate = {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
  if (lastParts.size > 64) lastParts.clear();
  lastParts.set(timeZone, { second, parts: out });
  return { ...out };
}

/** The business day as 'YYYY-MM-DD' in the venue zone. */
export function businessDay(epochMs: number, timeZone: string): string {
  const p = venueParts(epochMs, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Day of year (1-366) of a 'YYYY-MM-DD' day. */
export function dayOfYear(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const start = Date.UTC(y, 0, 1);
  return Math.floor((Date.UTC(y, m - 1, d) - start) / 86_400_000) + 1;
}

/** Report and dashboard timestamps are 10-digit epoch seconds (spec section 9). */
export function toTimestamp(epochMs: number): number {
  return Math.floor(epochMs / 1000);
}

/** Offset of the zone from UTC at an instant, in minutes. */
function zoneOffsetMinutes(epochMs: number, timeZone: string): number {
  const p = venueParts(epochMs, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((asUtc - Math.floor(epochMs / 60_000) * 60_000) / 60_000);
}

// A day's start never changes: kept per zone and day (a few hundred entries at most, then cleared).
const dayStarts = new Map<string, number>();

/** The instant a business day starts (venue midnight), in epoch ms. */
export function dayStartMs(day: string, timeZone: string): number {
  const key = `${timeZone}|${day}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return known;
  const t = computeDayStart(day, timeZone);
  if (dayStarts.size >= 512) dayStarts.clear();
  dayStarts.set(key, t);
  return t;
}

function computeDayStart(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // Two passes settle the offset even across a daylight-saving change.
  let t = guess - zoneOffsetMinutes(guess, timeZone) * 60_000;
  t = guess - zoneOffsetMinutes(t, timeZone) * 60_000;
  return t;
}

/** Adds whole days to a 'YYYY-MM-DD' day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A time of day as staff read it, in the venue's zone whatever the tablet's clock says:
 * formatVenueTime(ms, 'America/New_York') → "2:05 PM". With `withDate`, "Jul 4, 2:05 PM".
 */
export function formatVenueTime(
  epochMs: number,
  timeZone: string,
  opts: { locale?: string; withDate?: boolean } = {},
): string {
  const locale = opts.locale ?? 'en-US';
  const key = `${locale}|${timeZone}|${opts.withDate ? 'd' : 't'}`;
  let fmt = timeFormatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(locale, {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      ...(opts.withDate ? { month: 'short', day: 'numeric' } : {}),
    });
    timeFormatters.set(key, fmt);
  }
  return fmt.format(new Date(epochMs));
}

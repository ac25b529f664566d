import { localeOf, toLanguage } from '@sandbar/contract/i18n';
import { type MoneyFormat, formatCents, formatMoney, formatMoneyCell } from '@sandbar/contract/rules/money';
import { businessDay, formatVenueTime } from '@sandbar/contract/rules/time';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from './session';

// Until the user is loaded (never on a signed-in screen) times fall back to the demo venue's zone.
const fallbackZone = 'America/New_York';

/** Today's business day ('YYYY-MM-DD') in the venue's zone, not the tablet's (issue 12 item 6). */
export function useVenueToday(): string {
  const { data: user } = useCurrentUser();
  return businessDay(Date.now(), user?.timeZone ?? fallbackZone);
}

/** Times in the venue's time zone (from the signed-in user), in the user's language. */
export function useVenueTime() {
  const { data: user } = useCurrentUser();
  const { i18n } = useTranslation();
  const timeZone = user?.timeZone ?? fallbackZone;
  const locale = localeOf(toLanguage(i18n.language) ?? 'en');
  return useCallback(
    (epochMs: number, withDate = false) => formatVenueTime(epochMs, timeZone, { locale, withDate }),
    [timeZone, locale],
  );
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A business day ("2026-07-08") as staff read it, in the user's language: "Wed, Jul 8". A
 * business day is already the venue's calendar day, so no zone may shift it (read at noon UTC).
 */
export function useVenueDay() {
  const { i18n } = useTranslation();
  const locale = localeOf(toLanguage(i18n.language) ?? 'en');
  return useCallback(
    (day: string) => {
      const d = new Date(`${day}T12:00:00Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(d.getTime())) return day;
      let fmt = dayFormats.get(locale);
      if (!fmt) {
        fmt = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
        dayFormats.set(locale, fmt);
      }
      return fmt.format(d);
    },
    [locale],
  );
}

/**
 * A clock time, 24-hour "HH:mm", in the venue's zone — the offline banner's times agree with the
 * board's and Notes/Drops', whatever zone the tablet is set to.
 */
export function useVenueClock() {
  const { data: user } = useCurrentUser();
  const timeZone = user?.timeZone ?? fallbackZone;
  return useCallback(
    (epochMs: number) =>
      new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        new Date(epochMs),
      ),
    [timeZone],
  );
}

/** The locale money is formatted in: the user's language (the venue's currency, USD). */
function useMoneyLocale(): string {
  const { i18n } = useTranslation();
  return localeOf(toLanguage(i18n.language) ?? 'en');
}

/** Money through the one shared formatter (contract rules/money), in the user's language. */
export function useMoney() {
  const locale = useMoneyLocale();
  return useCallback(
    (amount: string | number, opts: MoneyFormat = {}) => formatMoney(amount, { locale, ...opts }),
    [locale],
  );
}

/** The same for integer cents (the wizard's quote). */
export function useCents() {
  const locale = useMoneyLocale();
  return useCallback((cents: number, opts: MoneyFormat = {}) => formatCents(cents, { locale, ...opts }), [locale]);
}

/** A report cell: amounts ("35.00") as money, anything else as it is. */
export function useMoneyCell() {
  const locale = useMoneyLocale();
  return useCallback((cell: string | number | null | undefined) => formatMoneyCell(cell, { locale }), [locale]);
}

/**
 * Money as people read it: one formatter for the server (receipts, print sheets, e-mails) and the
 * web app, through Intl so the sign comes before the symbol ("-$99,992.00", never "$-99992.00")
 * and thousands are separated. Amounts travel as the API's strings ("35.00") or integer cents.
 */

export interface MoneyFormat {
  /** BCP 47 locale; the venue's or the user's language. Default 'en-US'. */
  locale?: string;
  /** ISO 4217 code. Default 'USD'. */
  currency?: string;
  /** Drop ".00" from whole amounts (tiles, tip buttons): "$35" but still "$35.50". */
  dropZeroCents?: boolean;
}

// Building an Intl formatter costs far more than using one: keep one per locale, currency and style.
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string, currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${whole ? 0 : 2}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, fmt);
  }
  return fmt;
}

/** Formats integer cents: formatCents(-9999200) → "-$99,992.00". */
export function formatCents(cents: number, opts: MoneyFormat = {}): string {
  const rounded = Math.round(cents);
  const whole = Boolean(opts.dropZeroCents) && rounded % 100 === 0;
  // -0 would print as "-$0.00"
  const value = rounded === 0 ? 0 : rounded / 100;
  return formatterFor(opts.locale ?? 'en-US', opts.currency ?? 'USD', whole).format(value);
}

/** Formats an API amount ("35.00", "-99992.00") or a number of dollars: formatMoney('1234.5') → "$1,234.50". */
export function formatMoney(amount: string | number, opts: MoneyFormat = {}): string {
  const n = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  if (!Number.isFinite(n)) return String(amount);
  return formatCents(Math.round(n * 100), opts);
}

/**
 * A report cell as people read it: an amount as the reports carry it ("35.00", "-5.00") through
 * formatMoney, anything else (names, counts, times, percentages) as it is. The CSV keeps the raw
 * numbers; the screen and the report e-mail show these.
 */
export function formatMoneyCell(cell: string | number | null | undefined, opts: MoneyFormat = {}): string {
  const v = cell == null ? '' : String(cell);
  return /^-?\d+\.\d{2}$/.test(v) ? formatMoney(v, opts) : v;
}

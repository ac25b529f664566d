import { inner, orBlank, spaced } from './admin-fields';
import { type CodeRule, digitsBetween } from './common';
import { z } from 'zod';

/** The nine settings of spec section 3 ("Config settings"). */
export const ConfigSettingsFields = {
  fromName: z.string().max(200),
  fromEmail: z.string().max(200),
  paymentSubject: z.string().max(300),
  /** 2-digit military hour, e.g. "07" or "19". */
  reportEmailTime: z.string().regex(/^([01]\d|2[0-3])$/, 'Enter a 2-digit military hour, 00 to 23'),
  reportEmailSubject: z.string().max(300),
  reportEmailMessage: z.string().max(100_000),
  receiptTextMessage: z.string().max(1000),
  receiptEmailSubject: z.string().max(300),
  receiptEmailBody: z.string().max(100_000),
};

/** The venue's own settings that the spec leaves to Sandbar (DESIGN.md sections 4–6). */
export const VenueSettingsFields = {
  venueName: z.string().max(200),
  venueAddress: z.string().max(500),
  supportEmail: z.string().max(200),
  timeZone: z.string().max(100),
  seasonStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  seasonEnd: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  simulatedReader: z.enum(['0', '1']),
  /**
   * The venue's language (issue 12, decision 122): receipts whose sale has no language, report
   * e-mails to addresses that are nobody's, and sign-in codes to users without one use it.
   */
  venueLanguage: z.enum(['en', 'es']),
  /**
   * The venue's country (ISO 3166 alpha-2, issue 32 defect 4): a guest's phone typed without a
   * country code is read as a number of this country, and stored in E.164.
   */
  venueCountry: z.string().regex(/^[A-Z]{2}$/),
  // The Spanish versions of the receipt and report templates (the fields above are the English).
  receiptTextMessageEs: z.string().max(1000),
  receiptEmailSubjectEs: z.string().max(300),
  receiptEmailBodyEs: z.string().max(100_000),
  reportEmailSubjectEs: z.string().max(300),
  reportEmailMessageEs: z.string().max(100_000),
  /** Nightly backup of a SQLite venue (issue 27): on/off, and how many nightly backups to keep. */
  backupNightly: z.enum(['0', '1']),
  backupKeep: z.string().regex(/^\d{1,3}$/),
  // Venue rules of advance bookings (issue 24 point 5; rules/reservation.ts reads them).
  /** How many days ahead a booking may start. */
  bookingWindowDays: z.string().regex(/^\d{1,3}$/),
  /** Most units one booking may hold. */
  bookingMaxUnits: z.string().regex(/^\d{1,2}$/),
  /**
   * 'HH:MM' when full-day and morning bookings not checked in become no-shows; per location:
   * 'MB=11:00, CD=12:30'.
   */
  bookingReleaseTime: z.string().max(300),
  /**
   * The same for afternoon bookings (decision 176): released at this time, never before the
   * afternoon starts (bookingSplitHour). Same form: '16:00' or 'MB=16:00, CD=16:30'.
   */
  bookingAfternoonReleaseTime: z.string().max(300),
  /** The hour the afternoon window starts (half-day bookings). */
  bookingSplitHour: z.string().regex(/^([01]?\d|2[0-3])$/),
  /** Locations the public page may book (names, comma-separated); '' none: walk-in only. */
  bookingOnlineLocations: z.string().max(500),
  /**
   * Rows of those locations guests may book, per location: 'MB=1 2, CD=1'; a location not named
   * is bookable in every row. The other rows stay walk-in (rules/reservation.ts onlineRowsFor).
   */
  bookingOnlineRows: z.string().max(500),
  /** '1': online bookings wait for staff to confirm. */
  bookingNeedsConfirmation: z.enum(['0', '1']),
  /** Hours before the day when a cancellation still gets the deposit back. */
  bookingCancelCutoffHours: z.string().regex(/^\d{1,3}$/),
  bookingCancelPolicy: z.string().max(2000),
  /** The policy for the Spanish guest page and manage page; blank shows the English text. */
  bookingCancelPolicyEs: z.string().max(2000),
  /** Minutes a waitlist offer holds its unit for the guest before it goes to the next in line (1–240). */
  bookingOfferMinutes: z.string().regex(/^\d{1,3}$/),
  // Online payment of guest bookings (issue 33 point 3; rules/booking-payment.ts reads them).
  /** What an online booking pays when booked: nothing, a deposit, or the whole booking. */
  bookingPayment: z.enum(['none', 'deposit', 'full']),
  /** The deposit: '10.00' per booking, or '25%' of the booking's total. */
  bookingDeposit: z.string().max(20),
  /** Minutes a booking waits for its payment before its units are released (5 to 120). */
  bookingPaymentMinutes: z.string().regex(/^\d{1,3}$/),
  /** Share (%) of what was paid online that a cancel up to the cut-off gets back. */
  bookingRefundPercent: z.string().regex(/^\d{1,3}$/),
  /** ISO 4217 code of online payments, e.g. 'USD', 'EUR'. */
  paymentCurrency: z.string().regex(/^[A-Z]{3}$/),
};

export const Settings = z.object({ ...ConfigSettingsFields, ...VenueSettingsFields });
export type Settings = z.infer<typeof Settings>;
export type SettingKey = keyof Settings;

export const defaultSettings: Settings = {
  fromName: 'Sandbar Beach Club',
  fromEmail: 'no-reply@sandbar.test',
  paymentSubject: 'Your Sandbar Beach Club payment',
  reportEmailTime: '19',
  reportEmailSubject: 'Sandbar daily report',
  reportEmailMessage: '<p>Attached is today&#39;s report.</p>',
  receiptTextMessage: 'Thank you for visiting {venueName}! Your receipt: {receiptUrl}',
  receiptEmailSubject: 'Your receipt from {venueName}',
  receiptEmailBody: '<p>Thank you for visiting {venueName}.</p><p>View your receipt: {receiptUrl}</p>',
  venueName: 'Sandbar Beach Club',
  venueAddress: '1 Ocean Drive, Miami Beach, FL 33139',
  supportEmail: 'support@sandbar.test',
  timeZone: 'America/New_York',
  seasonStart: '2026-01-01',
  seasonEnd: '2026-12-31',
  simulatedReader: '0',
  venueLanguage: 'en',
  venueCountry: 'US',
  receiptTextMessageEs: '¡Gracias por visitar {venueName}! Su recibo: {receiptUrl}',
  receiptEmailSubjectEs: 'Su recibo de {venueName}',
  receiptEmailBodyEs: '<p>Gracias por visitar {venueName}.</p><p>Vea su recibo: {receiptUrl}</p>',
  reportEmailSubjectEs: 'Informe diario de Sandbar',
  reportEmailMessageEs: '<p>Adjunto está el informe de hoy.</p>',
  backupNightly: '0',
  backupKeep: '14',
  bookingWindowDays: '90',
  bookingMaxUnits: '6',
  bookingReleaseTime: '11:00',
  bookingAfternoonReleaseTime: '16:00',
  bookingSplitHour: '14',
  bookingOnlineLocations: '',
  bookingOnlineRows: '',
  bookingNeedsConfirmation: '0',
  bookingCancelCutoffHours: '24',
  bookingCancelPolicy:
    'Cancel up to 24 hours before your day for a full refund of any deposit. Bookings not checked in by the release time are released.',
  bookingCancelPolicyEs:
    'Cancela hasta 24 horas antes de tu día y te devolvemos todo el depósito. Las reservas sin registrar a la hora de liberación se liberan.',
  bookingOfferMinutes: '15',
  bookingPayment: 'none',
  bookingDeposit: '10.00',
  bookingPaymentMinutes: '15',
  bookingRefundPercent: '100',
  paymentCurrency: 'USD',
};

/** The cancellation policy in the guest's language: the Spanish text, or the English one when it is blank. */
export function cancelPolicyIn(
  settings: Pick<Settings, 'bookingCancelPolicy' | 'bookingCancelPolicyEs'>,
  lang: 'en' | 'es',
) {
  return lang === 'es' && settings.bookingCancelPolicyEs.trim()
    ? settings.bookingCancelPolicyEs
    : settings.bookingCancelPolicy;
}

/** The receipt and report templates in a language: the English fields, or their Spanish twins. */
export function templatesFor(settings: Settings, lang: 'en' | 'es') {
  return lang === 'es'
    ? {
        receiptTextMessage: settings.receiptTextMessageEs,
        receiptEmailSubject: settings.receiptEmailSubjectEs,
        receiptEmailBody: settings.receiptEmailBodyEs,
        reportEmailSubject: settings.reportEmailSubjectEs,
        reportEmailMessage: settings.reportEmailMessageEs,
      }
    : {
        receiptTextMessage: settings.receiptTextMessage,
        receiptEmailSubject: settings.receiptEmailSubject,
        receiptEmailBody: settings.receiptEmailBody,
        reportEmailSubject: settings.reportEmailSubject,
        reportEmailMessage: settings.reportEmailMessage,
      };
}

// ---- Calls: GET /getConfigSettings, POST /saveConfigSettings (spec section 7) ----

/** True for a real IANA time zone name such as "America/New_York". */
export function isTimeZone(tz: string): boolean {
  if (!tz || !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const settingsTexts = {
  saved: 'Settings have been saved!',
  timeZone: 'Enter a real time zone, such as America/New_York.',
  email: 'Enter a valid e-mail address.',
  season: 'The season must start on or before its last day.',
  date: 'Enter dates as YYYY-MM-DD.',
  reportEmailTime: 'Enter a 2-digit military hour, 00 to 23',
  backupKeep: 'Keep from 1 to 365 nightly backups.',
  country: 'Enter the venue’s country as its two-letter code, such as US or ES.',
  offerMinutes: 'A waitlist offer holds its unit for 1 to 240 minutes.',
  releaseTime: "Enter release times like '11:00' or 'MB=11:00, CD=12:30'.",
  deposit: "Enter the deposit as an amount like '10.00' or a share like '25%'.",
  paymentMinutes: 'A booking waits 5 to 120 minutes for its payment.',
  refundPercent: 'Enter the refund share as a percentage from 0 to 100.',
  currency: "Enter the currency's three-letter code, like USD or EUR.",
  afternoonReleaseEarly: (hour: string) =>
    `An afternoon release time must be at or after ${hour}:00, when the afternoon starts.`,
} as const;

/** GET /getConfigSettings: the nine config settings and the venue's own. */
export const GetConfigSettingsResponse = Settings;
export type GetConfigSettingsResponse = Settings;

/**
 * An e-mail address as the venue's support and sender addresses need it: the local part in the
 * characters RFC 5322 allows unquoted, a dotted domain. Stricter than "something@something.tld":
 * `javascript:alert(1)//@x.test` matched that and ends up in links (issue 11, defect 10).
 */
export const strictEmailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const emailOrBlank = z
  .string()
  .max(200)
  .regex(orBlank(strictEmailPattern), { error: settingsTexts.email })
  .transform((v) => v.trim());
const date = z.iso.date({ error: settingsTexts.date });
/** Trimmed text of a pattern, with its message. */
const trimmedText = (pattern: RegExp | string, error: string) =>
  z
    .string({ error })
    .regex(spaced(pattern), { error })
    .transform((v) => v.trim());
/** A '0'/'1' setting, also sent as a boolean or 0/1. */
const onOff = z
  .union([z.enum(['0', '1']), z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => (v === true || v === 1 || v === '1' ? '1' : '0') as '0' | '1');

/** A release time for every location, or per location: '11:00' or 'MB=11:00, CD=12:30'. */
const releaseRule =
  /(?:[A-Za-z0-9 ]{1,30}=)?(?:[01]\d|2[0-3]):[0-5]\d(?:\s*,\s*(?:[A-Za-z0-9 ]{1,30}=)?(?:[01]\d|2[0-3]):[0-5]\d)*/;

/** Rules the document's schemas cannot state: checked in code, listed in the operation's description. */
export const settingsCodeRules: CodeRule[] = [
  { rule: 'seasonStart is on or before seasonEnd when both are sent', message: settingsTexts.season },
  { rule: "timeZone is a zone of the server's time-zone database (IANA)", message: settingsTexts.timeZone },
  { rule: 'venueCountry is a country whose phone numbers the server knows', message: settingsTexts.country },
  {
    rule: 'every time of bookingAfternoonReleaseTime is at or after bookingSplitHour:00 (sent or stored)',
    message: settingsTexts.afternoonReleaseEarly('14'),
  },
];

/**
 * POST /saveConfigSettings: the spec sends the nine config fields; Sandbar also accepts the venue
 * fields. Every field is optional (a field left out keeps its stored value) but checked when sent.
 */
export const SaveConfigSettingsBody = z
  .object({
    fromName: ConfigSettingsFields.fromName.trim(),
    fromEmail: emailOrBlank,
    paymentSubject: ConfigSettingsFields.paymentSubject,
    reportEmailTime: z
      .union(
        [
          z.number().int().min(0).max(23),
          z.string({ error: settingsTexts.reportEmailTime }).regex(spaced(/[01]\d|2[0-3]/), {
            error: settingsTexts.reportEmailTime,
          }),
        ],
        { error: settingsTexts.reportEmailTime },
      )
      .transform((v) => String(v).trim().padStart(2, '0')),
    reportEmailSubject: ConfigSettingsFields.reportEmailSubject,
    reportEmailMessage: ConfigSettingsFields.reportEmailMessage,
    receiptTextMessage: ConfigSettingsFields.receiptTextMessage,
    receiptEmailSubject: ConfigSettingsFields.receiptEmailSubject,
    receiptEmailBody: ConfigSettingsFields.receiptEmailBody,
    venueName: VenueSettingsFields.venueName.regex(/\S/, { error: 'Enter the venue name.' }).transform((v) => v.trim()),
    venueAddress: VenueSettingsFields.venueAddress,
    supportEmail: emailOrBlank,
    // The pattern is the document's; whether the zone exists is the server's time-zone database.
    timeZone: z
      .string({ error: settingsTexts.timeZone })
      .regex(spaced(/[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*/), { error: settingsTexts.timeZone })
      .transform((v) => v.trim())
      .refine(isTimeZone, { error: settingsTexts.timeZone }),
    seasonStart: date,
    seasonEnd: date,
    venueLanguage: VenueSettingsFields.venueLanguage,
    venueCountry: z
      .string({ error: settingsTexts.country })
      .regex(spaced(/[A-Za-z]{2}/), { error: settingsTexts.country })
      .transform((v) => v.trim().toUpperCase()),
    receiptTextMessageEs: VenueSettingsFields.receiptTextMessageEs,
    receiptEmailSubjectEs: VenueSettingsFields.receiptEmailSubjectEs,
    receiptEmailBodyEs: VenueSettingsFields.receiptEmailBodyEs,
    reportEmailSubjectEs: VenueSettingsFields.reportEmailSubjectEs,
    reportEmailMessageEs: VenueSettingsFields.reportEmailMessageEs,
    simulatedReader: onOff,
    backupNightly: onOff,
    backupKeep: z
      .union(
        [
          z
            .number({ error: settingsTexts.backupKeep })
            .int({ error: settingsTexts.backupKeep })
            .min(1, { error: settingsTexts.backupKeep })
            .max(365, { error: settingsTexts.backupKeep }),
          z.string({ error: settingsTexts.backupKeep }).regex(spaced(/0*/.source + inner(digitsBetween(1, 365))), {
            error: settingsTexts.backupKeep,
          }),
        ],
        { error: settingsTexts.backupKeep },
      )
      .transform((v) => String(Number(v))),
    bookingWindowDays: trimmedText(/\d{1,3}/, 'Enter the booking window in days (0 to 999).'),
    bookingMaxUnits: trimmedText(/[1-9]|1\d|20/, 'A booking holds 1 to 20 units.'),
    bookingReleaseTime: trimmedText(releaseRule, settingsTexts.releaseTime),
    bookingAfternoonReleaseTime: trimmedText(releaseRule, settingsTexts.releaseTime),
    bookingSplitHour: trimmedText(/[01]?\d|2[0-3]/, 'Enter an hour from 0 to 23.'),
    bookingOnlineLocations: VenueSettingsFields.bookingOnlineLocations,
    bookingOnlineRows: z
      .string()
      .max(500)
      .regex(orBlank(/[^,=]{1,50}=[\d\s]*(?:,[^,=]{1,50}=[\d\s]*)*/), {
        error: "Enter bookable rows like 'MB=1 2, CD=1'.",
      })
      .transform((v) => v.trim()),
    bookingNeedsConfirmation: VenueSettingsFields.bookingNeedsConfirmation,
    bookingCancelCutoffHours: trimmedText(/\d{1,3}/, 'Enter the cut-off in hours.'),
    bookingCancelPolicy: VenueSettingsFields.bookingCancelPolicy,
    bookingCancelPolicyEs: VenueSettingsFields.bookingCancelPolicyEs,
    bookingOfferMinutes: trimmedText(digitsBetween(1, 240), settingsTexts.offerMinutes),
    bookingPayment: VenueSettingsFields.bookingPayment,
    bookingDeposit: trimmedText(/\d{1,6}(?:\.\d{1,2})?|\d{1,3}\s*%/, settingsTexts.deposit),
    bookingPaymentMinutes: trimmedText(/0*(?:[5-9]|[1-9]\d|1[01]\d|120)/, settingsTexts.paymentMinutes),
    bookingRefundPercent: trimmedText(/0*(?:\d{1,2}|100)/, settingsTexts.refundPercent),
    paymentCurrency: z
      .string()
      .regex(spaced(/[A-Za-z]{3}/), { error: settingsTexts.currency })
      .transform((v) => v.trim().toUpperCase()),
  })
  .partial()
  .refine((s) => !s.seasonStart || !s.seasonEnd || s.seasonStart <= s.seasonEnd, {
    error: settingsTexts.season,
    path: ['seasonEnd'],
  });
export type SaveConfigSettingsBody = z.input<typeof SaveConfigSettingsBody>;

export const SaveConfigSettingsResponse = z.object({ success: z.literal(1), details: z.string() });
export type SaveConfigSettingsResponse = z.infer<typeof SaveConfigSettingsResponse>;

/**
 * Placeholders a receipt or report template may use (docs/templates.md). Unknown names are left
 * as typed, so a venue sees its mistake in the outbox instead of a silent blank.
 */
export const templatePlaceholders = ['venueName', 'receiptUrl', 'total', 'customerName', 'date'] as const;
export type TemplatePlaceholder = (typeof templatePlaceholders)[number];
/** The report e-mail knows no receipt or customer: only these fill its subject and message. */
export const reportPlaceholders = ['venueName', 'date', 'total'] as const satisfies readonly TemplatePlaceholder[];
/** Text and e-mail receipts fill every placeholder. */
export const receiptPlaceholders = templatePlaceholders;

/** Fills `{name}` placeholders; `escape` is applied to values placed into HTML templates. */
export function fillTemplate(
  template: string,
  values: Partial<Record<TemplatePlaceholder, string>>,
  escape: (s: string) => string = (s) => s,
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = (values as Record<string, string | undefined>)[name];
    return v === undefined ? whole : escape(v);
  });
}

/**
 * E-mail HTML cannot use the app's root-relative addresses (an image uploaded in the editor is
 * `/api/uploads/…`): mail clients have no origin to resolve them against. Makes every root-relative
 * `src` and `href` absolute on `base` (SANDBAR_PUBLIC_URL, or the origin the tablet used).
 */
export function absoluteLinks(html: string, base: string | undefined): string {
  if (!base) return html;
  const origin = base.replace(/\/+$/, '');
  return html.replace(/\b(src|href)=(["'])\/(?!\/)/gi, (_m, attr: string, q: string) => `${attr}=${q}${origin}/`);
}

/** HTML-escapes a value for an e-mail body template. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

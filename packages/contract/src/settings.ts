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
};

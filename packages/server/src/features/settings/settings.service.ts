import { type SaveConfigSettingsBody, type Settings, settingsTexts } from '@sandbar/contract/settings';
import { afternoonReleasesTooEarly, afternoonStart } from '@sandbar/contract/rules/reservation';
import { isSupportedCountry } from 'libphonenumber-js/max';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { readSettings, writeSettings } from './settings.repository';
import { SETTINGS_EVENT } from '../../platform/events';

/** Rich text kept in e-mails: formatting, links and images; no scripts, styles sheets or event handlers. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'h1', 'h2'],
    allowedAttributes: {
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      '*': ['style'],
    },
    allowedStyles: {
      '*': {
        'text-align': [/^(left|right|center|justify)$/],
        color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*\)$/],
      },
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
  });
}

export async function getConfigSettings(deps: AppDeps): Promise<Settings> {
  return readSettings(deps.db);
}

/**
 * Stores the settings that were sent (others keep their value). Receipts, report e-mails and the
 * outbox read settings per message, so a change applies to the next one without a restart.
 */
export async function saveConfigSettings(
  deps: AppDeps,
  input: z.output<typeof SaveConfigSettingsBody>,
): Promise<string> {
  const values: Partial<Settings> = { ...input };
  if (values.reportEmailMessage !== undefined) values.reportEmailMessage = sanitizeRichText(values.reportEmailMessage);
  if (values.receiptEmailBody !== undefined) values.receiptEmailBody = sanitizeRichText(values.receiptEmailBody);
  if (values.reportEmailMessageEs !== undefined)
    values.reportEmailMessageEs = sanitizeRichText(values.reportEmailMessageEs);
  if (values.receiptEmailBodyEs !== undefined) values.receiptEmailBodyEs = sanitizeRichText(values.receiptEmailBodyEs);
  // The season check needs both ends: one sent end is compared with the stored other one.
  if (values.seasonStart !== undefined || values.seasonEnd !== undefined) {
    const current = await readSettings(deps.db);
    const start = values.seasonStart ?? current.seasonStart;
    const end = values.seasonEnd ?? current.seasonEnd;
    if (start > end) {
      throw badRequest(settingsTexts.season);
    }
  }
  // An afternoon release before the afternoon starts would release afternoon guests before their
  // window (decision 176): checked against the split hour sent or stored.
  if (values.bookingAfternoonReleaseTime !== undefined || values.bookingSplitHour !== undefined) {
    const current = await readSettings(deps.db);
    const split = values.bookingSplitHour ?? current.bookingSplitHour;
    const rule = values.bookingAfternoonReleaseTime ?? current.bookingAfternoonReleaseTime;
    if (afternoonReleasesTooEarly(rule, split).length > 0)
      throw badRequest(settingsTexts.afternoonReleaseEarly(afternoonStart(split).slice(0, 2)));
  }
  // Phones typed without a country code are read in the venue's country (guest-contact.ts).
  if (values.venueCountry !== undefined && !isSupportedCountry(values.venueCountry))
    throw badRequest(settingsTexts.country);
  await deps.db.transaction().execute((trx) => writeSettings(trx, values));
  // The guest page's cached answers carry the venue's name, window and policy.
  await deps.events.publish({ type: SETTINGS_EVENT, day: '', unitIds: [] });
  return settingsTexts.saved;
}

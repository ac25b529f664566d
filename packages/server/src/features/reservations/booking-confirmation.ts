import crypto from 'node:crypto';
import { publicBookingTexts } from '@sandbar/contract/reservations';
import { addDays, dayStartMs } from '@sandbar/contract/rules/time';
import type { Settings } from '@sandbar/contract/settings';
import type { Insertable, Kysely } from 'kysely';
import type { DB, OutboxTable } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { outboxRow } from '../../platform/outbox';
import { smsRecipient } from './guest-contact';
import * as repo from './reservations.repository';

// A booking's confirmation, the same whoever took it (the guest's page, or staff at the desk or
// on the phone): a text, else an e-mail, with the units, the extras and a manage link — a random
// token stored only as its SHA-256, working until the end of the day after the (last) booked day.

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface ManageLink {
  url: string;
  tokenHash: string;
  expiresAt: number;
}

export function newManageLink(base: string, lastDay: string, timeZone: string): ManageLink {
  const token = crypto.randomBytes(32).toString('base64url');
  return {
    url: `${base}/book/manage/${token}`,
    tokenHash: hashToken(token),
    expiresAt: dayStartMs(addDays(lastDay, 2), timeZone),
  };
}

/** Queues the confirmation in the booking's own transaction: it goes with the booking or not at all. */
export async function queueConfirmation(
  trx: Kysely<DB>,
  clock: Clock,
  settings: Pick<Settings, 'venueName' | 'venueCountry'>,
  link: Pick<ManageLink, 'url'>,
  guest: { phone: string; email: string; languageCode?: 'en' | 'es' | null },
  booked: { id: number; units: string[]; days: string[] },
): Promise<void> {
  // The message lists the extras in the guest's language (a price's Spanish name, else its name).
  const es = guest.languageCode === 'es';
  const extras = (await repo.itemsOf(trx, [booked.id])).map((i) => (es && i.name_es.trim() ? i.name_es : i.name));
  await trx
    .insertInto('outbox')
    .values(confirmationRow(clock, settings, link, guest, booked, extras))
    .execute();
}

/** The confirmation's outbox row (a booking without extras builds it before its one statement, decision 326). */
export function confirmationRow(
  clock: Clock,
  settings: Pick<Settings, 'venueName' | 'venueCountry'>,
  link: Pick<ManageLink, 'url'>,
  guest: { phone: string; email: string; languageCode?: 'en' | 'es' | null },
  booked: { units: string[]; days: string[] },
  extras: string[],
): Insertable<OutboxTable> {
  const es = guest.languageCode === 'es';
  const text = (es ? publicBookingTexts.confirmTextEs : publicBookingTexts.confirmText)(
    settings.venueName,
    booked.days[0]!,
    booked.units.join(', '),
    link.url,
    extras.join(', '),
  );
  const message = guest.phone
    ? {
        channel: 'sms' as const,
        recipient: smsRecipient(guest.phone, settings.venueCountry),
        body: text,
        purpose: 'booking',
      }
    : {
        channel: 'email' as const,
        recipient: guest.email,
        subject: publicBookingTexts.confirmSubject(settings.venueName),
        body: text,
        purpose: 'booking',
      };
  return outboxRow(clock, message);
}

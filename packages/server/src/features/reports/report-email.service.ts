import { businessDay, toTimestamp, venueParts } from '@sandbar/contract/rules/time';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { queueDailyReports } from './subscribers.service';
import { claimReportDay } from '../settings/report-email.repository';
import { readSettings } from '../settings/settings.repository';

/**
 * The daily report e-mails: when the venue hour is settings.reportEmailTime and today's have not
 * gone out yet, queues each report that has subscribers (Reports Config) to them, and each hotel's
 * RoomCharge report to the hotel's contacts. Settings are read on every run, so a changed hour or
 * wording applies the same day without a restart. The day's claim (a row keyed by the day, in the
 * same transaction as the queued e-mails) lets exactly one run, of one instance, send them: a
 * second instance on PostgreSQL waits on the key and then finds it taken.
 * Returns the number of e-mails queued (0 when not due). `publicUrl` (SANDBAR_PUBLIC_URL, else the server's own address) makes the
 * message's own images and links absolute: a scheduled job has no request origin to use instead.
 */
export async function runDailyReportIfDue(db: Kysely<DB>, clock: Clock, publicUrl?: string): Promise<number> {
  const now = clock.now();
  const settings = await readSettings(db);
  if (venueParts(now, settings.timeZone).hour !== Number(settings.reportEmailTime)) return 0;
  const day = businessDay(now, settings.timeZone);
  return db.transaction().execute(async (trx) => {
    if (!(await claimReportDay(trx, day, now))) return 0;
    return queueDailyReports(trx, clock, toTimestamp(now), publicUrl);
  });
}

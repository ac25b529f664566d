import { expireHeldBookings, releaseNoShows } from './features/reservations/release.service';
import { offerWaitlist } from './features/reservations/waitlist.service';
import { closeExpiredIntents } from './features/payments/online-payment.service';
import { voidUnpaidOrders } from './features/fnb/order-payment';
import { addDays, businessDay } from '@sandbar/contract/rules/time';
import { sendRefunds } from './features/payments/refunds.service';
import { sendFnbRefunds } from './features/fnb/refunds.service';
import { readProviderDays } from './features/payments/provider-lines';
import { releaseExpiredHolds } from './features/sales/holds.service';
import { runDailyReportIfDue } from './features/reports/report-email.service';
import path from 'node:path';
import { readSettings } from './features/settings/settings.repository';
import { runNightlyBackup } from './platform/backup';
import type { AppDeps } from './platform/deps';
import { configuredBase } from './platform/public-url';
import type { ScheduledJob } from './platform/scheduler';

/**
 * The venue's timed jobs, composed here (above the features) and run by platform/scheduler.ts:
 * - Daily report e-mails: every minute, ask whether the report is due at the venue hour in
 *   settings; reading settings each time means a new hour or time zone applies without a restart.
 * - Cart holds: every 15 seconds, free the holds whose ten minutes ran out, so boards never show
 *   a unit held by a tablet that went away.
 * - Nightly backup (SQLite only, when switched on in Config): every 10 minutes, take the venue
 *   day's backup once its clock is past 3 am, keeping the newest `backupKeep`.
 * - Bookings (issue 24): every 30 seconds, release today's bookings not checked in by their
 *   location's release time (so the units are back on sale on every tablet within a minute) and
 *   let held bookings whose time ran out go, then offer free units to the waitlist (a held booking
 *   for 15 minutes with a link to keep it). Each release and offer is a versioned change: run on
 *   every instance, each booking is released once and each request offered once. A booking's
 *   own event (a cancel, a move) wakes the job too, so a freed unit is offered within seconds.
 */
export function venueJobs(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'env' | 'database'> & Partial<Pick<AppDeps, 'payments'>>,
): ScheduledJob[] {
  const jobs: ScheduledJob[] = [
    {
      name: 'daily-report',
      pattern: '* * * * *',
      run: async () => {
        const queued = await runDailyReportIfDue(deps.db, deps.clock, configuredBase(deps.env));
        return queued ? { queued } : null;
      },
      done: 'daily report e-mail queued',
      failed: 'daily report e-mail failed',
    },
    {
      name: 'holds',
      pattern: '*/15 * * * * *',
      run: async () => {
        const released = await releaseExpiredHolds(deps);
        return released ? { released } : null;
      },
      done: 'expired cart holds released',
      failed: 'releasing expired holds failed',
    },
    {
      name: 'bookings',
      pattern: '*/30 * * * * *',
      run: async () => {
        const noShows = await releaseNoShows(deps);
        const expired = await expireHeldBookings(deps);
        // Units freed by now (and by cancels and moves since the last run) go to the waitlist.
        const offers = await offerWaitlist(deps, configuredBase(deps.env));
        return noShows || expired || offers ? { noShows, expired, offers } : null;
      },
      done: 'bookings released',
      failed: 'releasing bookings failed',
      // A booking cancelled, moved or let go frees its unit now: the waitlist hears within seconds.
      wakeOn: (wake) => deps.events.subscribe((e) => e.type === 'reservation' && wake()),
    },
  ];
  const payments = deps.payments;
  if (payments) {
    // Online payments (issue 33): close the provider's pages of holds that ran out, and send the
    // refunds that are due (queued by a cancel or a late payment, or refused before and due again).
    jobs.push({
      name: 'payments',
      pattern: '*/30 * * * * *',
      run: async () => {
        const closed = await closeExpiredIntents({ ...deps, payments });
        const { sent, failed } = await sendRefunds({ ...deps, payments });
        // F&B's refunds of money paid online (decision 368): due ones, refused ones at their time.
        const fnb = await sendFnbRefunds({ ...deps, payments });
        // F&B orders left unpaid on the provider's page stop counting against their unit.
        const unpaidOrders = await voidUnpaidOrders({ ...deps, payments });
        return closed || sent || failed || fnb.sent || fnb.failed || unpaidOrders
          ? { closed, sent, failed, fnbSent: fnb.sent, fnbFailed: fnb.failed, unpaidOrders }
          : null;
      },
      done: 'payments tidied',
      failed: 'payment jobs failed',
    });
    // The provider's balance lines of today and yesterday (decision 305): the Payments report's
    // fees, e-mailed to subscribers without calling the provider, are at most ten minutes old.
    jobs.push({
      name: 'payment-lines',
      pattern: '*/10 * * * *',
      run: async () => {
        const { timeZone } = await readSettings(deps.db);
        const now = deps.clock.now();
        const today = businessDay(now, timeZone);
        const lines = await readProviderDays(deps.db, payments, { from: addDays(today, -1), to: today }, timeZone, now);
        return lines.length ? { lines: lines.length } : null;
      },
      done: "provider's balance read",
      failed: "reading the provider's balance failed",
    });
  }
  if (deps.database.dialect === 'sqlite') jobs.push(nightlyBackupJob(deps));
  return jobs;
}

/** The nightly backup of a SQLite venue into SANDBAR_BACKUP_DIR/nightly (default data/backups/nightly). */
export function nightlyBackupJob(deps: Pick<AppDeps, 'db' | 'clock' | 'env'>): ScheduledJob {
  const dataDir = path.resolve(deps.env.SANDBAR_DATA_DIR);
  const dir = path.join(path.resolve(deps.env.SANDBAR_BACKUP_DIR ?? path.join(dataDir, 'backups')), 'nightly');
  return {
    name: 'nightly-backup',
    pattern: '*/10 * * * *',
    run: async () => {
      const settings = await readSettings(deps.db);
      if (settings.backupNightly !== '1') return null;
      const done = await runNightlyBackup({
        dataDir,
        dir,
        keep: Number(settings.backupKeep),
        timeZone: settings.timeZone,
        now: new Date(deps.clock.now()),
      });
      return done ? { ...done } : null;
    },
    done: 'nightly backup taken',
    failed: 'nightly backup failed',
  };
}

import { releaseExpiredHolds } from './features/sales/holds.service';
import { runDailyReportIfDue } from './features/settings/report-email.service';
import type { AppDeps } from './platform/deps';
import { configuredBase } from './platform/public-url';
import type { ScheduledJob } from './platform/scheduler';

/**
 * The venue's timed jobs, composed here (above the features) and run by platform/scheduler.ts:
 * - Daily report e-mails: every minute, ask whether the report is due at the venue hour in
 *   settings; reading settings each time means a new hour or time zone applies without a restart.
 * - Cart holds: every 15 seconds, free the holds whose ten minutes ran out, so boards never show
 *   a unit held by a tablet that went away.
 */
export function venueJobs(deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'env'>): ScheduledJob[] {
  return [
    {
      pattern: '* * * * *',
      run: async () => {
        const queued = await runDailyReportIfDue(deps.db, deps.clock, configuredBase(deps.env));
        return queued ? { queued } : null;
      },
      done: 'daily report e-mail queued',
      failed: 'daily report e-mail failed',
    },
    {
      pattern: '*/15 * * * * *',
      run: async () => {
        const released = await releaseExpiredHolds(deps);
        return released ? { released } : null;
      },
      done: 'expired cart holds released',
      failed: 'releasing expired holds failed',
    },
  ];
}

import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app';
import { releaseExpiredHolds } from '../features/sales/sales.service';
import { runDailyReportIfDue } from '../features/settings/report-email.service';
import { configuredBase } from './public-url';

type SchedulerDeps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'env'> & { logger: FastifyBaseLogger };

/**
 * Timed jobs (DESIGN.md section 2: croner). `protect` skips a tick while the last one still runs.
 * - Daily report e-mails: every minute, ask whether the report is due at the venue hour in
 *   settings; reading settings each time means a new hour or time zone applies without a restart.
 * - Cart holds: every 15 seconds, free the holds whose ten minutes ran out, so boards never show
 *   a unit held by a tablet that went away.
 */
export function startScheduler(deps: SchedulerDeps): { stop(): Promise<void> } {
  const report = new Cron('* * * * *', { protect: true, unref: true }, async () => {
    try {
      const queued = await runDailyReportIfDue(deps.db, deps.clock, configuredBase(deps.env));
      if (queued) deps.logger.info({ queued }, 'daily report e-mail queued');
    } catch (err) {
      deps.logger.error({ err }, 'daily report e-mail failed');
    }
  });
  const holds = new Cron('*/15 * * * * *', { protect: true, unref: true }, async () => {
    try {
      const released = await releaseExpiredHolds(deps);
      if (released) deps.logger.info({ released }, 'expired cart holds released');
    } catch (err) {
      deps.logger.error({ err }, 'releasing expired holds failed');
    }
  });
  return {
    /** Stops both jobs and waits for a run in progress to finish (graceful shutdown). */
    stop: async () => {
      report.stop();
      holds.stop();
      while (report.isBusy() || holds.isBusy()) await new Promise((r) => setTimeout(r, 25));
    },
  };
}

import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { runDailyReportIfDue } from '../features/settings/report-email.service';
import type { Clock } from './clock';

/**
 * Daily report e-mails (DESIGN.md section 2: croner). The job wakes every minute and asks whether
 * the report is due at the venue hour in settings; reading settings each time means a new hour or
 * time zone saved on /config applies without a restart.
 */
export function startScheduler(deps: { db: Kysely<DB>; clock: Clock; logger: FastifyBaseLogger }): {
  stop(): void;
} {
  const job = new Cron('* * * * *', { protect: true, unref: true }, async () => {
    try {
      const queued = await runDailyReportIfDue(deps.db, deps.clock);
      if (queued) deps.logger.info({ queued }, 'daily report e-mail queued');
    } catch (err) {
      deps.logger.error({ err }, 'daily report e-mail failed');
    }
  });
  return { stop: () => job.stop() };
}

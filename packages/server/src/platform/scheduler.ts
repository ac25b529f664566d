import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A timed job, handed in by the composition root (jobs.ts): the platform runs jobs, it knows no
 * feature.
 */
export interface ScheduledJob {
  /** Short name, e.g. 'holds': the `job` label of sandbar_scheduler_runs_total. */
  name: string;
  /** croner pattern, e.g. '* * * * *' (every minute) or '*\/15 * * * * *' (every 15 seconds). */
  pattern: string;
  /** One run. What it did, for the log (e.g. `{ queued: 2 }`), or null when it did nothing. */
  run(): Promise<Record<string, unknown> | null>;
  /** Log line when a run did something. */
  done: string;
  /** Log line when a run threw. */
  failed: string;
}

/**
 * Timed jobs (DESIGN.md section 2: croner). `protect` skips a tick while the last one still runs;
 * `unref` lets the process exit without stopping them.
 */
export function startScheduler(
  jobs: ScheduledJob[],
  logger: FastifyBaseLogger,
  /** Told of every run (the metrics' sandbar_scheduler_runs_total). */
  onRun: (job: string, outcome: 'ok' | 'failed', seconds: number) => void = () => undefined,
): { stop(): Promise<void> } {
  const crons = jobs.map(
    (job) =>
      new Cron(job.pattern, { protect: true, unref: true }, async () => {
        const started = performance.now();
        try {
          const did = await job.run();
          if (did) logger.info(did, job.done);
          onRun(job.name, 'ok', (performance.now() - started) / 1000);
        } catch (err) {
          logger.error({ err }, job.failed);
          onRun(job.name, 'failed', (performance.now() - started) / 1000);
        }
      }),
  );
  return {
    /** Stops every job and waits for a run in progress to finish (graceful shutdown). */
    stop: async () => {
      for (const c of crons) c.stop();
      while (crons.some((c) => c.isBusy())) await new Promise((r) => setTimeout(r, 25));
    },
  };
}

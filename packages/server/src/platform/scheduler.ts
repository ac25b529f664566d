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
  /**
   * Runs the job soon after something it waits for happens, not only on its pattern (a cancelled
   * booking's unit is offered to the waitlist within seconds, not at the next half-minute). Given
   * the scheduler's `wake` (calls within a couple of seconds are one run), returns an unsubscribe.
   */
  wakeOn?(wake: () => void): () => void;
}

/** Wakes within this long of each other are one run (a burst of cancels is one offer round). */
const WAKE_DELAY_MS = 2_000;

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
  const timers: ReturnType<typeof setTimeout>[] = [];
  const unwakes = jobs.flatMap((job, i) => {
    if (!job.wakeOn) return [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    return [
      job.wakeOn(() => {
        if (timer) return;
        timer = setTimeout(() => {
          timer = undefined;
          // With `protect`, a wake while the job runs is skipped: that run or the next tick sees it.
          void crons[i]!.trigger();
        }, WAKE_DELAY_MS);
        timer.unref();
        timers.push(timer);
      }),
    ];
  });
  return {
    /** Stops every job and waits for a run in progress to finish (graceful shutdown). */
    stop: async () => {
      for (const u of unwakes) u();
      for (const t of timers) clearTimeout(t);
      for (const c of crons) c.stop();
      while (crons.some((c) => c.isBusy())) await new Promise((r) => setTimeout(r, 25));
    },
  };
}

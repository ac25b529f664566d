import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { venueJobs } from '../../src/jobs';
import { memoryEventBus } from '../../src/platform/events';
import { type ScheduledJob, startScheduler } from '../../src/platform/scheduler';

const quiet = pino({ level: 'silent' }) as unknown as Parameters<typeof startScheduler>[1];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('scheduler wakes (the waitlist hears a cancel within seconds)', () => {
  it('a wake runs the job soon, a burst of wakes is one run, and a stopped scheduler wakes nothing', async () => {
    let runs = 0;
    let wake = () => undefined as void;
    const job: ScheduledJob = {
      name: 'test',
      // Never on its own (New Year's midnight): only the wake can run it here.
      pattern: '0 0 1 1 *',
      run: async () => {
        runs++;
        return null;
      },
      done: 'ran',
      failed: 'failed',
      wakeOn: (w) => {
        wake = w;
        return () => {
          wake = () => undefined;
        };
      },
    };
    const scheduler = startScheduler([job], quiet);
    for (let i = 0; i < 5; i++) wake();
    await sleep(2_600);
    expect(runs).toBe(1);
    wake();
    await scheduler.stop();
    wake();
    await sleep(2_600);
    expect(runs).toBe(1);
  });

  it("the bookings job is woken by a booking's event, not by a sale's", () => {
    const events = memoryEventBus();
    const jobs = venueJobs({ events, database: { dialect: 'postgres' } } as unknown as Parameters<typeof venueJobs>[0]);
    const bookings = jobs.find((j) => j.name === 'bookings')!;
    let woken = 0;
    const off = bookings.wakeOn!(() => woken++);
    void events.publish({ type: 'sale', day: '2026-08-01', unitIds: [1] });
    void events.publish({ type: 'reservation', day: '2026-08-01', unitIds: [1] });
    off();
    void events.publish({ type: 'reservation', day: '2026-08-01', unitIds: [2] });
    expect(woken).toBe(1);
  });
});

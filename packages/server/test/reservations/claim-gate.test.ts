import { describe, expect, it } from 'vitest';
import { ClaimGate, TurnQueue } from '../../src/features/reservations/claim-gate';
import { LoopLane } from '../../src/platform/write-turns';

// One claim at a time per unit-day on an instance (decision 271): a phone behind another phone's
// claim of the same unit-day waits without a transaction, and is answered at once when that one won.

const settled = async <T>(p: Promise<T>) => {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

describe('the claim gate', () => {
  it('lets a follower of a won claim go without trying, and the next one try after a lost claim', async () => {
    const gate = new ClaimGate();
    const u = { positionId: 7, day: '2026-07-04', window: 'full' as const };
    const first = (await gate.enter([u]))!;
    const second = gate.enter([u]);
    const third = gate.enter([u]);
    expect(await settled(second)).toBe(false);
    first.leave(false);
    // The first lost (a tablet sold the unit, say): one of the others tries, the last waits for it.
    const next = (await second)!;
    expect(next).not.toBeNull();
    expect(await settled(third)).toBe(false);
    next.leave(true);
    expect(await third).toBeNull();
    expect(gate.size).toBe(0);
  });

  it('answers the claims of a unit-day a sale took meanwhile without a statement, until the last of them leaves (decision 373)', async () => {
    const gate = new ClaimGate();
    const day = '2026-07-04';
    const u = { positionId: 7, day, window: 'full' as const };
    // A sale of a unit-day nobody claims here marks nothing: the database answers a later guest.
    gate.hear({ type: 'sale', day, unitIds: [7] });
    const first = (await gate.enter([u]))!;
    expect(first.soldMeanwhile()).toBe(false);
    const second = gate.enter([u]);
    // Another day, another unit, or an event that is not a sale: still free.
    gate.hear({ type: 'sale', day: '2026-07-05', unitIds: [7] });
    gate.hear({ type: 'sale', day, unitIds: [8] });
    gate.hear({ type: 'void', day, unitIds: [7] });
    expect(first.soldMeanwhile()).toBe(false);
    gate.hear({ type: 'sale', day, unitIds: [7] });
    // The claim in flight learns it before its write; the one waiting, and a new one, are refused.
    expect(first.soldMeanwhile()).toBe(true);
    expect(await gate.enter([u])).toBeNull();
    first.leave(true);
    expect(await second).toBeNull();
    expect(gate.size).toBe(0);
    // Gone with its claims: the next guest asks the database (the sale may be voided by now).
    const later = (await gate.enter([u]))!;
    expect(later.soldMeanwhile()).toBe(false);
    later.leave(false);
  });

  it('waits only for a claim of the same unit-day that shares a half', async () => {
    const gate = new ClaimGate();
    const day = '2026-07-04';
    const morning = (await gate.enter([{ positionId: 7, day, window: 'morning' }]))!;
    // The afternoon of that unit, another day, another unit: no waiting.
    const pm = (await gate.enter([{ positionId: 7, day, window: 'afternoon' }]))!;
    const other = (await gate.enter([
      { positionId: 8, day, window: 'full' },
      { positionId: 7, day: '2026-07-05', window: 'full' },
    ]))!;
    // A full day of it shares the morning: it waits, and loses when the morning booking won.
    const full = gate.enter([
      { positionId: 9, day, window: 'full' },
      { positionId: 7, day, window: 'full' },
    ]);
    expect(await settled(full)).toBe(false);
    morning.leave(true);
    expect(await full).toBeNull();
    pm.leave(true);
    other.leave(false);
    expect(gate.size).toBe(0);
  });

  it('runs bookings a few at a time, first come first served, each in a turn of the event loop of its own', async () => {
    const turns = new TurnQueue(2);
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const job = (n: number) =>
      turns.run(async () => {
        running++;
        most = Math.max(most, running);
        log.push(`start ${n}`);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return n;
      });
    // A job that fails gives its turn on.
    const failing = turns.run(async () => {
      throw new Error('lost');
    });
    const done = await Promise.all([job(1), job(2), job(3), job(4), failing.catch(() => 'failed')]);
    expect(done).toEqual([1, 2, 3, 4, 'failed']);
    expect(most).toBe(2);
    expect(log).toEqual(['start 1', 'start 2', 'start 3', 'start 4']);
    expect(turns.queued).toBe(0);
  });

  it('takes a claim out of the queue as soon as a sale takes its unit-day, and gives the turns on in order (decision 374)', async () => {
    const gate = new ClaimGate();
    const day = '2026-07-04';
    const turns = new TurnQueue(1);
    let release: () => void = () => undefined;
    const busy = turns.run(() => new Promise<void>((r) => (release = r)));
    const sold = (await gate.enter([{ positionId: 7, day, window: 'full' }]))!;
    const kept = (await gate.enter([{ positionId: 8, day, window: 'full' }]))!;
    expect(sold.sold.aborted).toBe(false);
    const ran: string[] = [];
    const waitingSold = turns.run(async () => ran.push('7'), { signal: sold.sold });
    const waitingKept = turns.run(async () => ran.push('8'), { signal: kept.sold });
    expect(turns.queued).toBe(2);
    // A tablet sells unit 7 while its claim waits behind the running write: out at once, refused.
    gate.hear({ type: 'sale', day, unitIds: [7] });
    expect(sold.sold.aborted).toBe(true);
    expect(kept.sold.aborted).toBe(false);
    await expect(waitingSold).rejects.toBe(sold.sold.reason);
    expect(turns.queued).toBe(1);
    release();
    await busy;
    await waitingKept;
    expect(ran).toEqual(['8']);
    // A signal aborted before the claim queues: refused without queueing.
    let hold: () => void = () => undefined;
    const busyAgain = turns.run(() => new Promise<void>((r) => (hold = r)));
    await expect(turns.run(async () => ran.push('late'), { signal: sold.sold })).rejects.toBe(sold.sold.reason);
    expect(turns.queued).toBe(0);
    hold();
    await busyAgain;
    sold.leave(true);
    kept.leave(true);
    expect(gate.size).toBe(0);
    expect(ran).toEqual(['8']);
  });

  it("lets guests' requests go a few per turn of the event loop, in arrival order, with other work answered between two turns", async () => {
    const lane = new LoopLane(2);
    const log: string[] = [];
    const guests = [1, 2, 3, 4, 5].map((n) => lane.turn().then(() => log.push(`guest ${n}`)));
    expect(lane.queued).toBe(5);
    // A tablet's sale that arrives while the guests wait: its callback runs after the first two
    // guests' turn and before the last one's.
    setImmediate(() => setImmediate(() => log.push('sale')));
    await Promise.all(guests);
    expect(log.filter((l) => l.startsWith('guest'))).toEqual(['guest 1', 'guest 2', 'guest 3', 'guest 4', 'guest 5']);
    expect(log.indexOf('sale')).toBeGreaterThan(log.indexOf('guest 2'));
    expect(log.indexOf('sale')).toBeLessThan(log.indexOf('guest 5'));
    expect(lane.queued).toBe(0);
    // Alone, a guest waits one turn.
    let alone = false;
    const one = lane.turn().then(() => (alone = true));
    expect(alone).toBe(false);
    await one;
    expect(alone).toBe(true);
  });

  it('begins sixteen guests in a turn by default (decision 371)', async () => {
    const lane = new LoopLane();
    let begun = 0;
    const all = Array.from({ length: 40 }, () => lane.turn().then(() => begun++));
    await new Promise((r) => setImmediate(r));
    expect(begun).toBe(16);
    await Promise.all(all);
    expect(begun).toBe(40);
  });
});

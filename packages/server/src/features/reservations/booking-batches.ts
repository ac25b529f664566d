import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import {
  type BookingWrite,
  type UnitDaysRead,
  UnitDayTakenError,
  readUnitDaysPg,
  writeBookingPg,
  writeBookingsPg,
} from './booking-statement.pg';
import { guestWriteLanes } from '../../platform/write-turns';

// Guests' bookings on PostgreSQL written together (issue 36, the opening rush; decision 375). Each
// booking's write is one statement (decision 326), a few at a time (half the pool, decision 325).
// Under the rush every statement waits ~100 ms for the busy event loop, whatever the database's
// work (1–3 ms), so thirty winners in five lanes queued for half a second. Here a lane that comes
// free takes every write waiting, one per unit-day, into one statement (writeBookingsPg): a group
// commit. A write alone goes as it did (writeBookingPg). The database stays the judge: each
// booking's own compare-and-set decides it, and a write lost meanwhile is told so as before.

interface Waiting {
  write: BookingWrite;
  resolve(id: number): void;
  reject(err: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class BookingBatches {
  private readonly waiting: Waiting[] = [];
  private running = 0;

  constructor(
    private readonly db: Kysely<DB>,
    readonly lanes: number,
    /** The most bookings in one statement. */
    readonly most = 50,
  ) {}

  /** Writes waiting for a lane (tests). */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * The booking's id once written; UnitDayTakenError when its compare-and-set lost. A `signal`
   * aborted while it waits (a tablet sold its unit-day) takes it out at once, rejected with the
   * signal's reason.
   */
  write(write: BookingWrite, signal?: AbortSignal): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const item: Waiting = { write, resolve, reject, signal };
      if (signal) {
        item.onAbort = () => {
          const at = this.waiting.indexOf(item);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(signal.reason as Error);
        };
        signal.addEventListener('abort', item.onAbort, { once: true });
      }
      this.waiting.push(item);
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.lanes && this.waiting.length) {
      const batch = this.take();
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  /**
   * The next statement's writes, first come first served: at most one per unit-day (two half-day
   * bookings of one unit-day are decided one after the other, as alone), and a booking of several
   * unit-days alone.
   */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const unitDays = new Set<string>();
    for (let i = 0; i < this.waiting.length && batch.length < this.most;) {
      const item = this.waiting[i]!;
      if (item.write.unitDays.length !== 1) {
        if (batch.length === 0) batch.push(...this.waiting.splice(i, 1));
        break;
      }
      const u = item.write.unitDays[0]!;
      const key = `${u.positionId}|${u.day}`;
      if (unitDays.has(key)) {
        i++;
        continue;
      }
      unitDays.add(key);
      batch.push(...this.waiting.splice(i, 1));
    }
    for (const item of batch) if (item.onAbort) item.signal!.removeEventListener('abort', item.onAbort);
    return batch;
  }

  private async run(batch: Waiting[]): Promise<void> {
    if (batch.length > 1) {
      let ids: (number | null)[] | null = null;
      try {
        ids = await writeBookingsPg(
          this.db,
          batch.map((item) => item.write),
        );
      } catch {
        // A deadlock with another instance's write, a lost connection: each write goes alone,
        // and gets its own answer.
      }
      if (ids) {
        void answer(batch, ids);
        return;
      }
    }
    for (const item of batch) await writeBookingPg(this.db, item.write).then(item.resolve, item.reject);
  }
}

interface Reading {
  positionIds: number[];
  days: string[];
  resolve(read: UnitDaysRead[]): void;
  reject(err: unknown): void;
}

/**
 * The guests' reads of their units' states (readUnitDaysPg) asked in one turn of the event loop,
 * read in one statement (decision 375): under the rush fifty phones each took a connection of the
 * pool for a read of one unit-day, and the tablets' sales queued behind them. Each guest gets its
 * own units on its own days, as if read alone.
 */
export class UnitDaysReads {
  private waiting: Reading[] = [];

  constructor(private readonly db: Kysely<DB>) {}

  read(positionIds: number[], days: string[]): Promise<UnitDaysRead[]> {
    return new Promise((resolve, reject) => {
      if (this.waiting.push({ positionIds, days, resolve, reject }) === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    const ids = [...new Set(batch.flatMap((r) => r.positionIds))];
    const days = [...new Set(batch.flatMap((r) => r.days))];
    try {
      const all = await readUnitDaysPg(this.db, ids, days);
      for (const r of batch) {
        const mine = new Set(r.days);
        r.resolve(
          all
            .filter((u) => r.positionIds.includes(u.position.id))
            .map((u) => ({
              position: u.position,
              states: u.states.filter((s) => mine.has(s.day)),
              claims: u.claims.filter((c) => mine.has(c.day)),
            })),
        );
      }
    } catch (err) {
      for (const r of batch) r.reject(err);
    }
  }
}

const readers = new WeakMap<object, UnitDaysReads>();

/** This instance's batched reads of guests' unit-days (keyed by its event bus, as its caches are). */
export function unitDaysReads(deps: { db: Kysely<DB>; events: object }): UnitDaysReads {
  let r = readers.get(deps.events);
  if (!r) readers.set(deps.events, (r = new UnitDaysReads(deps.db)));
  return r;
}

/** Bookings of a statement answered in one turn of the event loop. */
const ANSWERS_PER_TURN = 8;

/**
 * A statement's bookings answered a few per turn of the event loop, the lane already free: forty
 * winners, and the phones waiting at the gate behind each (told at once that the unit is gone),
 * answered in one turn held the loop ~60 ms, and the page views arriving meanwhile waited for it.
 */
async function answer(batch: Waiting[], ids: (number | null)[]): Promise<void> {
  for (let at = 0; at < batch.length; at += ANSWERS_PER_TURN) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    batch.slice(at, at + ANSWERS_PER_TURN).forEach((item, k) => {
      const id = ids[at + k];
      if (id != null) item.resolve(id);
      else item.reject(new UnitDayTakenError('unit-day taken meanwhile'));
    });
  }
}

const instances = new WeakMap<object, BookingBatches>();

/** This instance's batches (keyed by its event bus, as its caches are): half the pool's connections. */
export function bookingBatches(deps: {
  db: Kysely<DB>;
  events: object;
  database: { dialect: string; poolStats?: () => { max: number } };
}): BookingBatches {
  let b = instances.get(deps.events);
  if (!b) {
    instances.set(deps.events, (b = new BookingBatches(deps.db, guestWriteLanes(deps.database))));
  }
  return b;
}

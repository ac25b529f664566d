import type { SaveFnbOrderBody } from '@sandbar/contract/fnb';
import type { SaveCustomerBody, SaveDropoffNotesBody } from '@sandbar/contract/sales';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The tablet's own store (IndexedDB through `idb`), which survives a reload, closing the app and
 * restarting the tablet: the last answers of the calls the board needs ("snapshots") and the
 * sales and drop-offs taken while the server was unreachable ("sales", sent in `seq` order).
 */
export interface Snapshot {
  /** JSON of the TanStack query key. */
  key: string;
  data: unknown;
  /** When the server gave this answer (ms). */
  updatedAt: number;
}

interface QueuedBase {
  /** The idempotency key on the server: a sale's ourTransactionId, a drop-off's clientKey. */
  id: string;
  /** Order of taking: sales and drop-offs are sent oldest first, one queue. */
  seq: number;
  /** When it was taken on the tablet (ms). */
  takenAt: number;
  /** Shown in the queue: e.g. "Cash $25.00, UM 12". */
  label: string;
  /** The server refused it (4xx): kept for a supervisor, never resent by itself. */
  refused: string | null;
}

export interface QueuedSale extends QueuedBase {
  /** Absent on sales queued before drop-offs joined the queue. */
  kind?: 'sale';
  /** The saveCustomer body, ready to send (it carries ourTransactionId and takenAt). */
  body: SaveCustomerBody;
  /** Units the sale is for, to mark their tiles "pending". */
  unitIds: number[];
}

/** A drop-off made while offline (issue 23): sent in order with the sales, idempotent by clientKey. */
export interface QueuedDropoff extends QueuedBase {
  kind: 'dropoff';
  /** The saveDropoffNotes body, ready to send (it carries clientKey and takenAt). */
  body: SaveDropoffNotesBody;
  unitIds: [];
}

/**
 * A staff F&B order taken at a unit while offline (issue 35 point 6): to the unit's tab, or paid
 * now in cash or by voucher. Sent in order with the sales, idempotent by its clientOrderId.
 */
export interface QueuedFnbOrder extends QueuedBase {
  kind: 'fnbOrder';
  /** The saveFnbOrder body, ready to send (it carries clientOrderId and takenAt). */
  body: SaveFnbOrderBody;
  /** No tile turns "pending": an order does not sell the unit. */
  unitIds: [];
}

export type QueuedItem = QueuedSale | QueuedDropoff | QueuedFnbOrder;

export const isQueuedSale = (i: QueuedItem): i is QueuedSale => i.kind === undefined || i.kind === 'sale';
export const isQueuedFnbOrder = (i: QueuedItem): i is QueuedFnbOrder => i.kind === 'fnbOrder';

interface OfflineDB extends DBSchema {
  snapshots: { key: string; value: Snapshot };
  sales: { key: string; value: QueuedItem; indexes: { bySeq: number } };
}

let dbPromise: Promise<IDBPDatabase<OfflineDB>> | null = null;

export function offlineDb(): Promise<IDBPDatabase<OfflineDB>> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB is not available'));
  dbPromise ??= openDB<OfflineDB>('sandbar-offline', 1, {
    upgrade(db) {
      db.createObjectStore('snapshots', { keyPath: 'key' });
      const sales = db.createObjectStore('sales', { keyPath: 'id' });
      sales.createIndex('bySeq', 'seq');
    },
  });
  return dbPromise;
}

/** When the tablet's kept copy of a query's answer was taken (ms), or null when it has none. */
export async function keptAt(queryKey: readonly unknown[]): Promise<number | null> {
  try {
    return (await (await offlineDb()).get('snapshots', JSON.stringify(queryKey)))?.updatedAt ?? null;
  } catch {
    return null;
  }
}

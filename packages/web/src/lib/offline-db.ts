import type { SaveCustomerBody } from '@sandbar/contract/sales';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The tablet's own store (IndexedDB through `idb`), which survives a reload, closing the app and
 * restarting the tablet: the last answers of the calls the board needs ("snapshots") and the
 * sales taken while the server was unreachable ("sales", sent in `seq` order).
 */
export interface Snapshot {
  /** JSON of the TanStack query key. */
  key: string;
  data: unknown;
  /** When the server gave this answer (ms). */
  updatedAt: number;
}

export interface QueuedSale {
  /** The sale's ourTransactionId: also the idempotency key on the server. */
  id: string;
  /** Order of taking: sales are sent oldest first. */
  seq: number;
  /** When the sale was taken on the tablet (ms). */
  takenAt: number;
  /** The saveCustomer body, ready to send (it carries ourTransactionId and takenAt). */
  body: SaveCustomerBody;
  /** Units the sale is for, to mark their tiles "pending". */
  unitIds: number[];
  /** Shown in the queue: e.g. "Cash $25.00, UM 12". */
  label: string;
  /** The server refused it (4xx): kept for a supervisor, never resent by itself. */
  refused: string | null;
}

interface OfflineDB extends DBSchema {
  snapshots: { key: string; value: Snapshot };
  sales: { key: string; value: QueuedSale; indexes: { bySeq: number } };
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

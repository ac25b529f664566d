import type { Selectable } from 'kysely';
import type { DB } from '../../db/schema';

// The price list, its hotel links and the settings a sale is priced by, kept between sales with
// the catalogue version they were read at (migration 2026-11-25-29-50, decision 253): a sale's one
// read asks for the version and gets the lists only when the database's version is another. The
// triggers move the version in the same transaction as any change of those tables, whoever makes
// it, so a sale never prices by a list older than its own read.

export interface CatalogueRows {
  version: number;
  prices: Selectable<DB['prices']>[];
  links: { price_id: number; hotel_id: number }[];
  settings: { key: string; value: string }[];
}

/** The last lists read, per database connection or pool (shared, never mutated). */
export interface CatalogueCache {
  current: CatalogueRows | null;
}

const caches = new WeakMap<object, CatalogueCache>();

/** The cache of one database (the SQLite handle, or the app's Database on PostgreSQL). */
export function catalogueCacheOf(owner: object): CatalogueCache {
  let c = caches.get(owner);
  if (!c) {
    c = { current: null };
    caches.set(owner, c);
  }
  return c;
}

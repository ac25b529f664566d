import type { Selectable } from 'kysely';
import type { SqliteHandle } from '../../db/connect';
import type { DB, UnitStatesTable } from '../../db/schema';
import { type SaleReads, type SaleWrite, UnitTakenError } from './sale-statement.pg';
import type { PositionRow } from './sales.repository';
import { type CatalogueRows, catalogueCacheOf } from './sale-catalogue-cache';

// A sale on SQLite as prepared statements run straight through better-sqlite3 (issue 25): the same
// one read and one write as PostgreSQL's (sale-statement.pg.ts, decision 150), the same rows, but
// without Kysely building, compiling and awaiting each of its ~17 statements: on a signed sale that
// was a sixth of the server's CPU on its one event loop. Called with the Kysely connection held
// (sales.service.ts runs the sale in db.connection()), so no other request's transaction is open
// on the connection while these run; each function is synchronous from start to end.

/** Everything the sale is decided on, read at once (see SaleReads). */
export function readForSaleSqlite(
  h: SqliteHandle,
  q: { ourTransactionId: string; unitIds: number[]; userId: number; hotelId: number | null; days: string[] },
): SaleReads {
  // The catalogue version first: a list changed after it is read again by the next sale.
  const cache = catalogueCacheOf(h);
  const version = Number(
    (h.prepare('select version from catalogue_version where id = 1').get() as { version: number }).version,
  );
  if (cache.current?.version !== version) {
    cache.current = {
      version,
      prices: h.prepare('select * from prices order by sort, id').all() as Selectable<DB['prices']>[],
      links: h.prepare('select price_id, hotel_id from price_hotels').all() as CatalogueRows['links'],
      settings: h.prepare('select key, value from settings').all() as CatalogueRows['settings'],
    };
  }
  const catalogue = cache.current;
  const units = q.unitIds.map(() => '?').join(', ');
  const days = q.days.map(() => '?').join(', ');
  const replayed = h.prepare('select 1 as found from sales where our_transaction_id = ?').get(q.ourTransactionId);
  const positions = h
    .prepare(
      `select p.id, p.location_id, p."row", p."position", p.unit_type, p.unit_number, p.removed,
         l.name as location_name
       from positions p join locations l on l.id = p.location_id where p.id in (${units})`,
    )
    .all(...q.unitIds) as PositionRow[];
  const allowed = h.prepare('select location_id from user_locations where user_id = ?').all(q.userId) as {
    location_id: number;
  }[];
  const hotel =
    q.hotelId === null
      ? null
      : ((h.prepare('select id, name, vacation_owner_rule, is_other from hotels where id = ?').get(q.hotelId) as
          SaleReads['hotel'] | undefined) ?? null);
  return {
    replayed: replayed !== undefined,
    positions,
    allowedLocations: new Set(allowed.map((r) => r.location_id)),
    prices: catalogue.prices,
    links: catalogue.links,
    settings: catalogue.settings,
    hotel,
    states: h
      .prepare(`select * from unit_states where position_id in (${units}) and day in (${days})`)
      .all(...q.unitIds, ...q.days) as Selectable<UnitStatesTable>[],
    days: q.days,
  };
}

/** `insert into t (columns of row) values (…)`, prepared once per table and set of columns. */
function insert(h: SqliteHandle, table: string, row: Record<string, unknown>, returning = false) {
  const columns = Object.keys(row).filter((k) => row[k] !== undefined);
  const text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns
    .map(() => '?')
    .join(', ')})${returning ? ' returning id' : ''}`;
  const values = columns.map((c) => row[c]);
  const stmt = h.prepare(text);
  return returning ? (stmt.get(...values) as { id: number }).id : (stmt.run(...values), 0);
}

/**
 * The sale's rows in one transaction: sale, signature, items, per unit its customer, the claim
 * (the compare-and-set of unit-state.repository: insert at version 0, else update at the version
 * read) or its "Needs attention" item, a log line; the receipt messages. A unit lost since the read
 * undoes everything and throws UnitTakenError, as the PostgreSQL statement does.
 */
export function writeSaleSqlite(h: SqliteHandle, w: SaleWrite): { saleId: number; customerIds: number[] } {
  return h.transaction(() => {
    const saleId = insert(h, 'sales', { ...w.sale, deleted_at: null, deleted_by: null }, true);
    if (w.signature) insert(h, 'sale_signatures', { sale_id: saleId, png: w.signature });
    for (const i of w.items) insert(h, 'sale_items', { ...i, sale_id: saleId });
    const customerIds: number[] = [];
    for (const u of w.units) {
      const customerId = insert(
        h,
        'unit_customers',
        {
          ...u.customer,
          position_id: u.positionId,
          day: w.day,
          sale_id: saleId,
          created_at: w.now,
          created_by: w.userId,
        },
        true,
      );
      customerIds.push(customerId);
      if (u.take) {
        const claimed =
          u.version === 0
            ? h
                .prepare(
                  `insert into unit_states (position_id, day, version, status, hold_cart_id, hold_user_id,
                     hold_expires_at, customer_id, updated_at, updated_by)
                   values (?, ?, 1, ?, null, null, null, ?, ?, ?) on conflict (position_id, day) do nothing`,
                )
                .run(u.positionId, w.day, u.status, customerId, w.now, w.userId)
            : h
                .prepare(
                  `update unit_states set status = ?, hold_cart_id = null, hold_user_id = null,
                     hold_expires_at = null, customer_id = ?, updated_at = ?, updated_by = ?, version = ?
                   where position_id = ? and day = ? and version = ?`,
                )
                .run(u.status, customerId, w.now, w.userId, u.version + 1, u.positionId, w.day, u.version);
        if (claimed.changes !== 1) throw new UnitTakenError('unit taken meanwhile');
      } else {
        insert(h, 'sale_attention', { ...u.attention!, sale_id: saleId, customer_id: customerId });
      }
      insert(h, 'unit_logs', {
        position_id: u.positionId,
        day: w.day,
        kind: 'log',
        text: u.log.text,
        user_id: w.userId,
        at: u.log.at,
      });
    }
    for (const m of w.outbox) insert(h, 'outbox', m as Record<string, unknown>);
    return { saleId, customerIds };
  });
}

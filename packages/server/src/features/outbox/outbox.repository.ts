import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function listOutbox(db: Kysely<DB>, opts: { status?: 'queued' | 'sent' | 'failed'; limit: number }) {
  let q = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(opts.limit);
  if (opts.status) q = q.where('status', '=', opts.status);
  return q.execute();
}

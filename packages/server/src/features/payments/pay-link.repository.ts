import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, PaymentLinkSendsTable, PaymentLinksTable } from '../../db/schema';

// SQL of payment links (issue 33 point 7, decision 310). Rules live in pay-link.service.ts.

export type LinkRow = Selectable<PaymentLinksTable>;
export type SendRow = Selectable<PaymentLinkSendsTable>;

export async function insertLink(db: Kysely<DB>, row: Insertable<PaymentLinksTable>): Promise<number> {
  const r = await db.insertInto('payment_links').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function insertSend(db: Kysely<DB>, row: Insertable<PaymentLinkSendsTable>): Promise<void> {
  await db.insertInto('payment_link_sends').values(row).execute();
}

/** The booking's link that is out (not cancelled), if any. */
export async function openLink(db: Kysely<DB>, reservationId: number): Promise<LinkRow | undefined> {
  return db.selectFrom('payment_links').selectAll().where('open_reservation_id', '=', reservationId).executeTakeFirst();
}

/** The booking's newest link, out or not. */
export async function latestLink(db: Kysely<DB>, reservationId: number): Promise<LinkRow | undefined> {
  return db
    .selectFrom('payment_links')
    .selectAll()
    .where('reservation_id', '=', reservationId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Links of bookings that hold (or held) one of `day`'s unit-days in these locations, newest first. */
export async function linksOnDay(db: Kysely<DB>, day: string, locationIds: number[]): Promise<LinkRow[]> {
  if (locationIds.length === 0) return [];
  return db
    .selectFrom('payment_links')
    .innerJoin('reservations', 'reservations.id', 'payment_links.reservation_id')
    .selectAll('payment_links')
    .where('reservations.location_id', 'in', locationIds)
    .where('reservations.first_day', '<=', day)
    .where('reservations.last_day', '>=', day)
    .orderBy('payment_links.id', 'desc')
    .limit(200)
    .execute();
}

export async function sendsOf(db: Kysely<DB>, linkIds: number[]) {
  if (linkIds.length === 0) return [];
  return db
    .selectFrom('payment_link_sends')
    .leftJoin('users', 'users.id', 'payment_link_sends.sent_by')
    .select([
      'payment_link_sends.link_id',
      'payment_link_sends.channel',
      'payment_link_sends.recipient',
      'payment_link_sends.sent_at',
      'users.name as by',
    ])
    .where('payment_link_sends.link_id', 'in', linkIds)
    .orderBy('payment_link_sends.id')
    .execute();
}

/** The booking a link's token opens, while the token is valid. */
export async function reservationIdByToken(db: Kysely<DB>, tokenHash: string, now: number): Promise<number | null> {
  const r = await db
    .selectFrom('payment_link_sends')
    .innerJoin('payment_links', 'payment_links.id', 'payment_link_sends.link_id')
    .select(['payment_links.reservation_id'])
    .where('payment_link_sends.token_hash', '=', tokenHash)
    .where('payment_link_sends.expires_at', '>=', now)
    .executeTakeFirst();
  return r?.reservation_id ?? null;
}

/** Staff cancelled the link: it is no longer out, so the booking may get another. */
export async function closeLink(db: Kysely<DB>, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('payment_links')
    .set({ status: 'cancelled', open_reservation_id: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

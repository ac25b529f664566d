import { type PmsTestStep, pmsServerTexts as T } from '@sandbar/contract/pms';
import { z } from 'zod';
import {
  type ChargeRequest,
  type InHouseGuest,
  type PmsConnector,
  PmsError,
  type PmsHttpOptions,
  type Posted,
  pmsRequest,
  sameSurname,
} from '../../../platform/pms';

// Mews Connector API (docs.mews.com/connector-api): every call is a POST to
// [PlatformAddress]/api/connector/v1/<resource>/<operation> with ClientToken, AccessToken and
// Client in the body. Operations used (docs pages "Resources", "Customers", "Orders", "Order items"):
//   resources/getAll  — the room's resource id by its name (Names); remembered for an hour
//   customers/search  — guests of a reservation assigned to a resource, by name
//   orders/add        — the charge on the customer's bill, linked to the reservation
//   orderItems/getAll — read-back: the items on the customer's account since the sale
// Mews' orders/add has no idempotency key: before posting again, the queue reads back (decision 290).

export interface MewsConfig {
  endpoint: string;
  /** The Service (a product service such as "Beach") the orders are made on. */
  serviceId: string;
  clientToken: string;
  accessToken: string;
  currency: string;
}

export const mewsClient = 'Sandbar 1.0';

/**
 * How long a room's resource id is reused without asking resources/getAll again. Rooms are
 * fixed; with the id known the lookup is one call (customers/search), which is what keeps it
 * within its budget against a PMS answering in 300 ms (docs/PERFORMANCE.md, the lookup bench).
 */
export const mewsRoomTtlMs = 3_600_000;

const Resources = z.object({
  Resources: z.array(z.object({ Id: z.string(), Name: z.string() }).loose()),
});
const Searched = z.object({
  Customers: z.array(
    z
      .object({
        Customer: z.object({ Id: z.string(), FirstName: z.string().nullish(), LastName: z.string() }).loose(),
        Reservation: z
          .object({ Id: z.string(), Number: z.string().nullish(), State: z.string().nullish() })
          .loose()
          .nullish(),
      })
      .loose(),
  ),
});
const Added = z.object({ OrderId: z.string() }).loose();
const Items = z.object({
  OrderItems: z.array(
    z
      .object({ Id: z.string(), ServiceOrderId: z.string().nullish(), ExternalIdentifier: z.string().nullish() })
      .loose(),
  ),
  Cursor: z.string().nullish(),
});

const parse = <T>(schema: z.ZodType<T>, body: unknown, what: string): T => {
  const r = schema.safeParse(body);
  if (!r.success) throw new PmsError(`Mews answered ${what} in an unexpected shape.`, true);
  return r.data;
};

/** Each item's ExternalIdentifier: the posting's key and the line's number, so a read-back finds it. */
export const mewsItemId = (key: string, i: number) => `${key}.${i + 1}`;

export function mewsConnector(cfg: MewsConfig, http: PmsHttpOptions): PmsConnector {
  const base = cfg.endpoint.replace(/\/+$/, '');
  const call = (op: string, body: Record<string, unknown>) =>
    pmsRequest(http, `${base}/api/connector/v1/${op}`, {
      method: 'POST',
      headers: {},
      body: { ClientToken: cfg.clientToken, AccessToken: cfg.accessToken, Client: mewsClient, ...body },
    });
  const rooms = async (names?: string[]) =>
    parse(
      Resources,
      await call('resources/getAll', {
        ...(names ? { Names: names } : {}),
        Extent: { Resources: true },
        Limitation: { Count: names ? 10 : 1 },
      }),
      'the rooms',
    ).Resources;
  // Room name as typed → the room's resource id, and when it was read (only rooms that exist).
  const roomIds = new Map<string, { id: string; at: number }>();
  const roomId = async (typed: string, fresh: boolean): Promise<{ id: string; cached: boolean } | null> => {
    const hit = roomIds.get(typed);
    if (hit && !fresh && Date.now() - hit.at < mewsRoomTtlMs) return { id: hit.id, cached: true };
    const names = [...new Set([typed, typed.replace(/^0+/, '')])].filter(Boolean);
    const id = (await rooms(names))[0]?.Id;
    if (!id) {
      roomIds.delete(typed);
      return null;
    }
    if (roomIds.size > 5000) roomIds.clear();
    roomIds.set(typed, { id, at: Date.now() });
    return { id, cached: false };
  };
  const search = async (room: string, surname: string): Promise<InHouseGuest[]> => {
    const typed = room.trim();
    let resource = await roomId(typed, false);
    if (!resource) return [];
    let r = parse(
      Searched,
      await call('customers/search', { ResourceId: resource.id, Name: surname }),
      'the guest search',
    );
    // Nobody there under a remembered id: the room may have been renamed since; ask once afresh.
    if (!r.Customers.length && resource.cached) {
      const again = await roomId(typed, true);
      if (!again) return [];
      if (again.id !== resource.id) {
        resource = again;
        r = parse(
          Searched,
          await call('customers/search', { ResourceId: resource.id, Name: surname }),
          'the guest search',
        );
      }
    }
    return r.Customers.filter((c) => c.Reservation && sameSurname(c.Customer.LastName, surname)).map((c) => ({
      reservationId: c.Reservation!.Id,
      accountId: c.Customer.Id,
      room,
      surname: c.Customer.LastName,
      displayName: [c.Customer.FirstName, c.Customer.LastName].filter(Boolean).join(' '),
      confirmation: c.Reservation!.Number ?? '',
    }));
  };
  return {
    kind: 'mews',
    findInHouseGuest: (room, surname) => search(room, surname),
    async postCharge(c: ChargeRequest): Promise<Posted> {
      const body = {
        ServiceId: cfg.serviceId,
        AccountId: c.guest.accountId,
        LinkedReservationId: c.guest.reservationId,
        ConsumptionUtc: new Date(c.at).toISOString(),
        // A correction's reversal or re-post says why (decision 320).
        Notes: c.reason ? `${c.key} · ${c.reason}`.slice(0, 1000) : c.key,
        Items: c.lines.map((l, i) => ({
          Name: `${c.remark} · ${l.description}`.slice(0, 255),
          UnitCount: 1,
          UnitAmount: { Currency: c.currency, GrossValue: l.cents / 100, TaxCodes: [] },
          ...(l.code ? { AccountingCategoryId: l.code } : {}),
          ExternalIdentifier: mewsItemId(c.key, i),
        })),
      };
      return { reference: parse(Added, await call('orders/add', body), 'the order').OrderId };
    },
    async findPosted(c: ChargeRequest): Promise<Posted | null> {
      const from = new Date(c.at - 3_600_000).toISOString();
      const to = new Date(Math.max(Date.now(), c.at) + 3_600_000).toISOString();
      const wanted = mewsItemId(c.key, 0);
      // A guest's account may hold more items than a page: follow the Cursor (guidelines/pagination.md).
      let cursor: string | null = null;
      for (let page = 0; page < 100; page++) {
        const r: z.infer<typeof Items> = parse(
          Items,
          await call('orderItems/getAll', {
            AccountIds: [c.guest.accountId],
            CreatedUtc: { StartUtc: from, EndUtc: to },
            Limitation: { Count: 1000, ...(cursor ? { Cursor: cursor } : {}) },
          }),
          'the order items',
        );
        const mine = r.OrderItems.find((i) => i.ExternalIdentifier === wanted);
        if (mine) return { reference: mine.ServiceOrderId ?? mine.Id };
        if (!r.Cursor || r.OrderItems.length < 1000) return null;
        cursor = r.Cursor;
      }
      return null;
    },
    async test(): Promise<PmsTestStep[]> {
      const steps: PmsTestStep[] = [];
      try {
        const n = (await rooms()).length;
        steps.push({ step: T.mewsRooms, ok: true, detail: n ? T.mewsRoomsOk : T.mewsRoomsNone });
      } catch (err) {
        steps.push({ step: T.mewsRooms, ok: false, detail: (err as Error).message });
        return steps;
      }
      try {
        await call('customers/search', { Name: 'zz-sandbar-test' });
        steps.push({ step: T.mewsSearch, ok: true, detail: T.mewsSearchOk });
      } catch (err) {
        steps.push({ step: T.mewsSearch, ok: false, detail: (err as Error).message });
      }
      steps.push({
        step: T.mewsService,
        ok: /^[0-9a-f-]{36}$/i.test(cfg.serviceId),
        detail: cfg.serviceId ? T.mewsServiceSet(cfg.serviceId) : T.mewsServiceMissing,
      });
      return steps;
    },
  };
}

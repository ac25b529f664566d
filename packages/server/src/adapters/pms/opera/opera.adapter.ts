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
  sameRoom,
  sameSurname,
} from '../../../platform/pms';

// Oracle OPERA Cloud through OHIP (oracle/hospitality-api-docs, rest-api-specs/property):
//   POST /oauth/v1/tokens                                   — a token (client credentials)
//   GET  /rsv/v1/hotels/{hotelId}/reservations              — getHotelReservations: in house, room, surname
//   POST /csh/v1/hotels/{hotelId}/reservations/{id}/charges — postBillingCharges: the folio lines
//   GET  /csh/v1/hotels/{hotelId}/reservations/{id}/folios  — getFolio (Postings): read-back by postingReference
// OHIP's charges call has no idempotency key: each line carries the posting's key as its
// postingReference, and the queue reads the folio back before posting again (decision 290).

export interface OperaConfig {
  endpoint: string;
  /** The OPERA property code (x-hotelid). */
  hotelId: string;
  clientId: string;
  clientSecret: string;
  appKey: string;
  enterpriseId: string;
  currency: string;
}

const Token = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().optional() }).loose();
const Reservations = z
  .object({
    reservations: z
      .object({
        reservationInfo: z
          .array(
            z
              .object({
                reservationIdList: z
                  .array(z.object({ id: z.string(), type: z.string().nullish() }).loose())
                  .default([]),
                roomStay: z.object({ roomId: z.string().nullish() }).loose().nullish(),
                reservationGuest: z
                  .object({ id: z.string().nullish(), givenName: z.string().nullish(), surname: z.string().nullish() })
                  .loose()
                  .nullish(),
              })
              .loose(),
          )
          .default([]),
      })
      .loose()
      .nullish(),
  })
  .loose();
const Posting = z.object({ transactionNo: z.number().nullish(), reference: z.string().nullish() }).loose();
const PostedCharges = z
  .object({ postings: z.array(Posting).nullish() })
  .loose()
  .nullish();
const Folio = z
  .object({
    reservationFolioInformation: z
      .object({
        folioWindows: z
          .array(
            z.object({ folios: z.array(z.object({ postings: z.array(Posting).nullish() }).loose()).nullish() }).loose(),
          )
          .nullish(),
      })
      .loose()
      .nullish(),
  })
  .loose();

const parse = <T>(schema: z.ZodType<T>, body: unknown, what: string): T => {
  const r = schema.safeParse(body);
  if (!r.success) throw new PmsError(`OPERA answered ${what} in an unexpected shape.`, true);
  return r.data;
};

export function operaConnector(cfg: OperaConfig, http: PmsHttpOptions): PmsConnector {
  const base = cfg.endpoint.replace(/\/+$/, '');
  const hotel = encodeURIComponent(cfg.hotelId);
  let token: { value: string; until: number } | null = null;
  const bearer = async (): Promise<string> => {
    if (token && token.until > Date.now()) return token.value;
    const t = parse(
      Token,
      await pmsRequest(http, `${base}/oauth/v1/tokens`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString('base64')}`,
          'x-app-key': cfg.appKey,
          ...(cfg.enterpriseId ? { enterpriseId: cfg.enterpriseId } : {}),
        },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          scope: 'urn:opc:hgbu:ws:__myscopes__',
        }).toString(),
      }),
      'the token',
    );
    token = { value: t.access_token, until: Date.now() + Math.max(60, (t.expires_in ?? 3600) - 60) * 1000 };
    return token.value;
  };
  const headers = async () => ({
    authorization: `Bearer ${await bearer()}`,
    'x-app-key': cfg.appKey,
    'x-hotelid': cfg.hotelId,
    'x-originating-application': 'Sandbar',
  });
  const search = async (room: string, surname: string): Promise<InHouseGuest[]> => {
    const q = new URLSearchParams({
      roomId: room.trim(),
      surname: surname.trim(),
      searchTypes: 'InHouse',
      limit: '20',
    });
    const r = parse(
      Reservations,
      await pmsRequest(http, `${base}/rsv/v1/hotels/${hotel}/reservations?${q}`, {
        method: 'GET',
        headers: await headers(),
      }),
      'the reservation search',
    );
    return (r.reservations?.reservationInfo ?? [])
      .filter(
        (x) => sameSurname(x.reservationGuest?.surname ?? '', surname) && sameRoom(x.roomStay?.roomId ?? room, room),
      )
      .map((x) => {
        const id =
          x.reservationIdList.find((i) => (i.type ?? 'Reservation') === 'Reservation') ?? x.reservationIdList[0];
        const conf = x.reservationIdList.find((i) => i.type === 'Confirmation');
        return {
          reservationId: id?.id ?? '',
          accountId: x.reservationGuest?.id ?? '',
          room: x.roomStay?.roomId ?? room,
          surname: x.reservationGuest?.surname ?? surname,
          displayName: [x.reservationGuest?.givenName, x.reservationGuest?.surname].filter(Boolean).join(' '),
          confirmation: conf?.id ?? '',
        };
      })
      .filter((g) => g.reservationId !== '');
  };
  const chargesUrl = (c: ChargeRequest) =>
    `${base}/csh/v1/hotels/${hotel}/reservations/${encodeURIComponent(c.guest.reservationId)}/charges`;
  return {
    kind: 'opera',
    findInHouseGuest: search,
    async postCharge(c: ChargeRequest): Promise<Posted> {
      const body = {
        criteria: {
          hotelId: cfg.hotelId,
          reservationId: { id: c.guest.reservationId, type: 'Reservation' },
          charges: c.lines.map((l) => ({
            transactionCode: l.code,
            price: { amount: l.cents / 100, currencyCode: c.currency },
            postingQuantity: 1,
            postingReference: c.key,
            // A correction's reversal (negative amounts) or re-post says why (decision 320).
            postingRemark: `${c.remark} · ${l.description}${c.reason ? ` · ${c.reason}` : ''}`.slice(0, 2000),
          })),
        },
      };
      const r = parse(
        PostedCharges,
        await pmsRequest(http, chargesUrl(c), { method: 'POST', headers: await headers(), body }),
        'the charge',
      );
      const no = r?.postings?.find((p) => p.transactionNo != null)?.transactionNo;
      if (no != null) return { reference: String(no) };
      // 201 without the posting's number: read it back from the folio.
      return (await this.findPosted(c)) ?? { reference: c.key };
    },
    async findPosted(c: ChargeRequest): Promise<Posted | null> {
      const url = `${base}/csh/v1/hotels/${hotel}/reservations/${encodeURIComponent(c.guest.reservationId)}/folios?fetchInstructions=Postings`;
      const r = parse(Folio, await pmsRequest(http, url, { method: 'GET', headers: await headers() }), 'the folio');
      for (const w of r.reservationFolioInformation?.folioWindows ?? []) {
        for (const f of w.folios ?? []) {
          const p = (f.postings ?? []).find((x) => x.reference === c.key);
          if (p) return { reference: p.transactionNo != null ? String(p.transactionNo) : c.key };
        }
      }
      return null;
    },
    async test(): Promise<PmsTestStep[]> {
      const steps: PmsTestStep[] = [];
      try {
        await bearer();
        steps.push({ step: T.operaSignIn, ok: true, detail: T.operaSignInOk });
      } catch (err) {
        steps.push({ step: T.operaSignIn, ok: false, detail: (err as Error).message });
        return steps;
      }
      try {
        await search('0', 'zz-sandbar-test');
        steps.push({ step: T.operaSearch(cfg.hotelId), ok: true, detail: T.operaSearchOk });
      } catch (err) {
        steps.push({ step: T.operaSearch(cfg.hotelId), ok: false, detail: (err as Error).message });
      }
      return steps;
    },
  };
}

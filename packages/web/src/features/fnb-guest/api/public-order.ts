import type {
  PlaceFnbOrderBody,
  PlaceFnbOrderResponse,
  PublicFnbPage,
  PublicFnbStatus,
  PublicFnbTab,
} from '@sandbar/contract/fnb';
import type { FnbLanguage } from '@sandbar/contract/fnb-texts';

// The guest order page's calls (/api/public/order/<token>, no sign-in). Plain fetch, types only
// from the contract: the staff app's client, TanStack Query and zod stay out of this bundle
// (issue 35: the page's first load ≤ 100 KB gzip). The server validates every body.

/** A refusal of the server (its `details`), or status 0 when the network failed. */
export class OrderApiError extends Error {
  constructor(
    readonly status: number,
    readonly details: string,
  ) {
    super(details);
  }
}

const base = (token: string) => `/api/public/order/${encodeURIComponent(token)}`;

async function call<T>(url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new OrderApiError(0, '');
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const details =
      data && typeof data === 'object' && 'details' in data ? String((data as { details: unknown }).details) : '';
    throw new OrderApiError(res.status, details);
  }
  return data as T;
}

/** The unit, its menu (86 and hours included) and the ways to pay offered there now. */
export const getOrderPage = (token: string, lang: FnbLanguage) => call<PublicFnbPage>(`${base(token)}?lang=${lang}`);

/** Places an order (idempotent by clientOrderId: a retry after a lost answer is the same order). */
export const placeOrder = (token: string, body: PlaceFnbOrderBody) => call<PlaceFnbOrderResponse>(base(token), body);

/** This phone's own orders, by the clientOrderIds it made (its secret; never the order numbers). */
export const getOrderStatus = (token: string, keys: string[]) =>
  call<PublicFnbStatus>(`${base(token)}/status?keys=${keys.join(',')}`);

/** Pays the unit's tab online: the provider's page address comes back. */
export const payTabOnline = (
  token: string,
  body: { phoneLast4: string; totalCents: number; languageCode: FnbLanguage },
) => call<{ payUrl: string }>(`${base(token)}/pay-tab`, body);

/** The unit's tab, for the phone that gave the party's last 4 (the page itself never carries it). */
export const getOrderTab = (token: string, body: { phoneLast4: string; languageCode: FnbLanguage }) =>
  call<PublicFnbTab>(`${base(token)}/tab`, body);

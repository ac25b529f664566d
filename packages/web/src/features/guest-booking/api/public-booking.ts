import type {
  PublicAvailability,
  PublicBooking,
  PublicBookingBody,
  PublicBookingResponse,
  PublicWaitlistBody,
  PublicWaitlistResponse,
} from '@sandbar/contract/reservations';

// The guest page's four calls (/api/public/booking, no sign-in). Plain fetch: the staff app's
// client (token, AV, toasts) and TanStack Query stay out of this bundle. Types only from the
// contract; the server validates every body with its zod schema.

/** A refusal of the server (its `details`), or status 0 when the network failed. */
export class GuestApiError extends Error {
  constructor(
    readonly status: number,
    readonly details: string,
  ) {
    super(details);
  }
}

const base = '/api/public/booking';

async function call<T>(url: string, init?: { method: 'POST'; body?: unknown }): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init?.method ?? 'GET',
      headers: init?.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init?.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new GuestApiError(0, '');
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const details =
      data && typeof data === 'object' && 'details' in data ? String((data as { details: unknown }).details) : '';
    throw new GuestApiError(res.status, details);
  }
  return data as T;
}

/** GET availability: the grid of a day and location (free / taken, no guest data) and prices. */
export function getAvailability(day: string | null, locationId: number | null): Promise<PublicAvailability> {
  const q = new URLSearchParams();
  if (day) q.set('day', day);
  if (locationId) q.set('locationId', String(locationId));
  const qs = q.toString();
  return call(`${base}/availability${qs ? `?${qs}` : ''}`);
}

/** POST a booking: the confirmation goes by text or e-mail with the manage link. */
export function bookOnline(body: PublicBookingBody): Promise<PublicBookingResponse> {
  return call(base, { method: 'POST', body });
}

/** GET the guest's booking by its manage link's token. */
export function getManagedBooking(token: string): Promise<PublicBooking> {
  return call(`${base}/manage/${encodeURIComponent(token)}`);
}

/** POST cancel by the manage link. */
export function cancelManagedBooking(token: string): Promise<PublicBooking> {
  return call(`${base}/manage/${encodeURIComponent(token)}/cancel`, { method: 'POST' });
}

/** POST the waitlist: the guest waits for a unit of a full day. */
export function joinWaitlist(body: PublicWaitlistBody): Promise<PublicWaitlistResponse> {
  return call(`${base}/waitlist`, { method: 'POST', body });
}

/** POST keep: the guest keeps the unit a waitlist offer holds for them. */
export function keepOffer(token: string): Promise<PublicBooking> {
  return call(`${base}/manage/${encodeURIComponent(token)}/keep`, { method: 'POST' });
}

/** POST abandon: the guest came back from the payment page without paying; the hold is let go (issue 33). */
export function abandonManagedBooking(token: string): Promise<PublicBooking> {
  return call(`${base}/manage/${encodeURIComponent(token)}/abandon`, { method: 'POST' });
}

/** POST pay: a payment link's booking (issue 33 point 7) opens the provider's page; its address comes back. */
export function startLinkPayment(token: string): Promise<{ payUrl: string }> {
  return call(`${base}/manage/${encodeURIComponent(token)}/pay`, { method: 'POST' });
}

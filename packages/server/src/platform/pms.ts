import { type PmsKind, type PmsMapping, type PmsTestStep, pmsServerTexts as T } from '@sandbar/contract/pms';

// The PMS port (DESIGN.md section 12, issue 34): what the features ask of a hotel's property
// management system. Adapters (adapters/pms/roster, mews, opera) implement it; the composition
// root picks one per hotel from its connection. Amounts are integer cents; every answer of a PMS
// is validated (zod) by its adapter before it reaches a feature.

/** A guest staying in the hotel now, as the PMS knows them. */
export interface InHouseGuest {
  /** The PMS's reservation (OPERA reservation id, Mews reservation id). */
  reservationId: string;
  /** The account charged (Mews customer id; OPERA: the reservation's profile id or ''). */
  accountId: string;
  room: string;
  surname: string;
  /** As staff see it to confirm: "Ana Smith". */
  displayName: string;
  /** The reservation's number as the hotel says it (confirmation number), for staff. */
  confirmation: string;
}

export interface FolioLine {
  item: keyof PmsMapping;
  /** The hotel's code for the item (OPERA transaction code, Mews accounting category id). */
  code: string;
  description: string;
  cents: number;
}

export interface ChargeRequest {
  /** Derived from the sale: the same posting always carries the same key. */
  key: string;
  guest: InHouseGuest;
  lines: FolioLine[];
  currency: string;
  /** When the sale was taken (epoch ms). */
  at: number;
  /** Shown on the folio line: "Sandbar sale 123". */
  remark: string;
  /**
   * A correction's reason ("Price corrected: …"), sent with a reversal and the re-posted charge
   * (decision 320). A reversal is a request whose lines are negative.
   */
  reason?: string;
}

export interface Posted {
  /** The PMS's own reference of the posting (OPERA transaction number, Mews order id). */
  reference: string;
}

export interface PmsConnector {
  readonly kind: PmsKind;
  /** Guests in house in this room whose surname matches (the PMS's own search). */
  findInHouseGuest(room: string, surname: string): Promise<InHouseGuest[]>;
  /** Posts the lines to the guest's folio. Throws PmsError. */
  postCharge(c: ChargeRequest): Promise<Posted>;
  /** Read-back: the posting made with this key, if the PMS has it. */
  findPosted(c: ChargeRequest): Promise<Posted | null>;
  /** Each step of a connection test (sign in, search, …) with what it found. */
  test(): Promise<PmsTestStep[]>;
}

/**
 * A PMS call that failed. `retryable`: a time-out, a 5xx, a 429 or a lost connection (the posting
 * is tried again); otherwise the PMS refused it (a 4xx: wrong code, guest checked out) and the
 * posting fails with the PMS's message. `answerLost`: the request may have reached the PMS.
 */
export class PmsError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
    readonly answerLost = false,
  ) {
    super(message);
  }
}

export interface PmsHttpOptions {
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Retry-After as milliseconds (seconds or an HTTP date), or null. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const s = Number(header);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const d = Date.parse(header);
  return Number.isNaN(d) ? null : Math.max(0, d - now);
}

/**
 * One JSON request to a PMS with a time-out; the answer's status classified into PmsError.
 * Never logs or returns the request's headers (they hold the credentials).
 */
export async function pmsRequest(
  opts: PmsHttpOptions,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
): Promise<unknown> {
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    // The request may have been received and acted on: the queue reads back before posting again.
    throw new PmsError(timedOut ? T.noAnswer(opts.timeoutMs) : T.unreachable, true, null, true);
  }
  const text = await res.text().catch(() => '');
  if (res.status === 429) {
    throw new PmsError(T.slowDown, true, retryAfterMs(res.headers.get('retry-after')));
  }
  if (res.status >= 500) throw new PmsError(T.serverError(res.status), true, null, true);
  if (res.status >= 400) throw new PmsError(T.refused(res.status, pmsMessage(text)), false);
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new PmsError(T.notJson, true);
  }
}

/** A PMS's error text, short and without markup: OHIP's {title, detail}, Mews' {Message}. */
export function pmsMessage(text: string): string {
  try {
    const j = JSON.parse(text) as Record<string, unknown>;
    const m = j.Message ?? j.detail ?? j.title ?? j.message ?? j.error_description ?? j.error;
    if (typeof m === 'string') return m.slice(0, 300);
  } catch {
    // not JSON
  }
  return (
    text
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 300) || 'no message'
  );
}

/** Surnames compared as staff type them: case, accents and spaces do not matter. */
export function sameSurname(a: string, b: string): boolean {
  const n = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase();
  return n(a) !== '' && n(a) === n(b);
}

/** Room numbers compared without leading zeros ('0305' is room 305). */
export function sameRoom(a: string, b: string): boolean {
  const n = (s: string) => s.trim().replace(/^0+/, '').toLowerCase();
  return n(a) !== '' && n(a) === n(b);
}

/** A hotel's connection as the composition root needs it to build a connector (credentials opened). */
export interface PmsConnection {
  hotelId: number;
  kind: PmsKind;
  endpoint: string;
  propertyCode: string;
  currency: string;
  credentials: Record<string, string>;
}

/** Built by the composition root: the adapter for a connection (the roster for 'roster'). */
export interface PmsDirectory {
  connector(conn: PmsConnection): PmsConnector;
}

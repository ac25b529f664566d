import { readAV, withAV } from './av';
import { connectivity } from './connectivity';
import { localText, toastError } from './notify';
import { tokenStore } from './token';

/** An error answered by the API: its status and the server's `details`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly details: string,
    readonly body: unknown,
  ) {
    super(details);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Form data for uploads (the token still goes in the Authorization header). */
  formData?: FormData;
  /** Do not toast the error: the caller shows it (e.g. in a form alert). */
  silent?: boolean;
  signal?: AbortSignal;
  /**
   * Attempts on a network failure (no answer in time, or a gateway's 502/503/504), with back-off;
   * never after a 4xx. Mutations default to MUTATION_ATTEMPTS so a dropped response does not lose
   * an action (the server's calls are idempotent where a repeat could double something, e.g. a
   * sale by its ourTransactionId); reads default to 1 (queries refetch by themselves).
   */
  attempts?: number;
  /**
   * The most this call may take, all attempts and back-off included (issue 23: no spinner lasts
   * more than 10 s). Defaults: READ_DEADLINE_MS for a read, MUTATION_DEADLINE_MS for an action.
   */
  deadlineMs?: number;
}

/** Tries of a mutation before it reports the network failure: 0.5 s, 1 s, 2 s, 4 s apart. */
export const MUTATION_ATTEMPTS = 5;
const BACKOFF_MS = 500;
/**
 * The timeout policy (issue 23): a read has 5 s (the board answers in tens of milliseconds; a dead
 * access point or a captive portal never answers at all), an action 8 s in all, one attempt at
 * most 5 s of it (an upload 20 s: a roster file on a slow link). Once the tablet knows it is offline an action gets one short try: the queue or
 * the form says what happened at once instead of after a spinner.
 */
export const READ_DEADLINE_MS = 5000;
export const MUTATION_DEADLINE_MS = 8000;
const ATTEMPT_TIMEOUT_MS = 5000;
const OFFLINE_DEADLINE_MS = 3000;
const UPLOAD_DEADLINE_MS = 20_000;
export const networkFailureDetails = 'Cannot reach the Sandbar server. Check the connection and try again.';

/**
 * Where a read goes when the server cannot be reached: the offline feature answers it from the
 * tablet's kept copy (issue 13), or undefined when it has none (then the read fails as usual).
 */
let offlineRead: (path: string) => Promise<unknown> = async () => undefined;
export function setOfflineReadFallback(fallback: (path: string) => Promise<unknown>): void {
  offlineRead = fallback;
}

/** True for the API client's "no answer from the server" error (as opposed to a refusal). */
export function isNetworkError(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
}

/** No answer in time: counted as a network failure, like a refused connection. */
class AttemptTimeout extends Error {}

/** An answer read to its end: the status, the headers' verdict and the body's text. */
interface Answer {
  status: number;
  ok: boolean;
  text: string;
}

/**
 * One fetch that gives up after `ms` (a hanging request is the common failure on a beach: the
 * access point is up, the link behind it is not), still aborted by the caller's signal. The time
 * covers the body too: on a contended link the headers can arrive and the body stall, and a body
 * read with no end is a spinner with no end (issue 23).
 */
async function fetchWithin(url: string, init: RequestInit, ms: number, signal?: AbortSignal): Promise<Answer> {
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, ms);
  const onAbort = () => ctrl.abort();
  if (signal?.aborted) ctrl.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    const res = await fetch(url, { ...init, signal: ctrl.signal });
    // A captive portal (or a hotel's login page) answers every address with its own HTML: that is
    // not the Sandbar server, whose API always answers JSON.
    if ((res.headers?.get('content-type') ?? '').includes('text/html')) throw new AttemptTimeout('not Sandbar');
    return { status: res.status, ok: res.ok, text: await res.text() };
  } catch (err) {
    if (timedOut) throw new AttemptTimeout('timeout');
    throw err;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

let onUnauthorized: () => void = () => {
  tokenStore.clear();
  const av = readAV();
  if (!window.location.pathname.startsWith('/login')) {
    window.location.assign(withAV('/login', av));
  }
};

/** Lets the app replace the 401 handling (it navigates in-app instead of reloading). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * The one API client (house style): adds the token, sends JSON, turns errors into ApiError,
 * toasts `details`, and on 401 clears the token and returns to login (spec section 8).
 */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.formData) body = opts.formData;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const method = opts.method ?? (body ? 'POST' : 'GET');
  const isRead = method === 'GET';
  const knownOffline = !connectivity.get().online;
  if (isRead && knownOffline) {
    // Offline already: the tablet's copy answers at once (the probe notices when the link is back).
    const kept = await offlineRead(path);
    if (kept !== undefined) return kept as T;
  }
  let attempts = Math.max(1, opts.attempts ?? (isRead ? 1 : MUTATION_ATTEMPTS));
  let deadlineMs =
    opts.deadlineMs ?? (isRead ? READ_DEADLINE_MS : opts.formData ? UPLOAD_DEADLINE_MS : MUTATION_DEADLINE_MS);
  if (knownOffline) {
    attempts = 1;
    deadlineMs = Math.min(deadlineMs, OFFLINE_DEADLINE_MS);
  }
  const deadline = Date.now() + deadlineMs;
  let res: Answer;
  for (let attempt = 1; ; attempt++) {
    const left = deadline - Date.now();
    try {
      res = await fetchWithin(
        `/api${path}`,
        { method, headers, body, credentials: 'same-origin' },
        Math.max(1, opts.formData ? left : Math.min(ATTEMPT_TIMEOUT_MS, left)),
        opts.signal,
      );
      connectivity.reportReached();
      const retryable = [502, 503, 504].includes(res.status);
      if (!retryable || attempt >= attempts || deadline - Date.now() < BACKOFF_MS * 2 ** (attempt - 1) + 500) break;
    } catch (err) {
      if (!(err instanceof AttemptTimeout) && (err as Error).name === 'AbortError') throw err;
      const wasOnline = connectivity.get().online;
      connectivity.reportNetworkFailure();
      const backoff = BACKOFF_MS * 2 ** (attempt - 1);
      // Out of tries, or no time left for another one: say so now.
      if (attempt >= attempts || deadline - Date.now() < backoff + 500) {
        if (isRead) {
          const kept = await offlineRead(path);
          if (kept !== undefined) return kept as T;
        }
        // A failed action always says so; a failed read only when the link first drops (after
        // that the offline banner says it, not a toast per call).
        if (!opts.silent && (!isRead || wasOnline)) toastError(networkFailureDetails);
        throw new ApiError(0, localText(networkFailureDetails), null);
      }
    }
    await wait(BACKOFF_MS * 2 ** (attempt - 1), opts.signal);
  }
  const text = res.text;
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!res.ok) {
    const serverDetails =
      data && typeof data === 'object' && 'details' in data ? String((data as { details: unknown }).details) : '';
    const details: string = serverDetails || `The server answered ${res.status}.`;
    const isLogin = path.startsWith('/auth/login');
    if (res.status === 401 && !isLogin) onUnauthorized();
    if (!opts.silent && !(res.status === 401 && !isLogin)) toastError(details);
    // Forms show `details` as they are: in the app's language (the API speaks English).
    throw new ApiError(res.status, localText(details), data);
  }
  return data as T;
}

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
   * Attempts on a network failure (no answer, or a gateway's 502/503/504), with back-off; never
   * after a 4xx. Mutations default to MUTATION_ATTEMPTS so a dropped response does not lose an
   * action (the server's calls are idempotent where a repeat could double something, e.g. a sale
   * by its ourTransactionId); reads default to 1 (queries refetch by themselves).
   */
  attempts?: number;
}

/** Tries of a mutation before it reports the network failure: 0.5 s, 1 s, 2 s, 4 s apart. */
export const MUTATION_ATTEMPTS = 5;
const BACKOFF_MS = 500;
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
  const attempts = Math.max(1, opts.attempts ?? (method === 'GET' ? 1 : MUTATION_ATTEMPTS));
  let res: Response;
  for (let attempt = 1; ; attempt++) {
    try {
      res = await fetch(`/api${path}`, { method, headers, body, credentials: 'same-origin', signal: opts.signal });
      connectivity.reportReached();
      if (![502, 503, 504].includes(res.status) || attempt >= attempts) break;
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      const wasOnline = connectivity.get().online;
      connectivity.reportNetworkFailure();
      if (attempt >= attempts) {
        if (method === 'GET') {
          const kept = await offlineRead(path);
          if (kept !== undefined) return kept as T;
        }
        // A failed action always says so; a failed read only when the link first drops (after
        // that the offline banner says it, not a toast per call).
        if (!opts.silent && (method !== 'GET' || wasOnline)) toastError(networkFailureDetails);
        throw new ApiError(0, localText(networkFailureDetails), null);
      }
    }
    await wait(BACKOFF_MS * 2 ** (attempt - 1), opts.signal);
  }
  const text = await res.text();
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

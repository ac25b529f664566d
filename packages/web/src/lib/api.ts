import { readAV, withAV } from './av';
import { toastError } from './notify';
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
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    const details = 'Cannot reach the Sandbar server. Check the connection and try again.';
    if (!opts.silent) toastError(details);
    throw new ApiError(0, details, null);
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
    throw new ApiError(res.status, details, data);
  }
  return data as T;
}

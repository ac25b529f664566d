import { useSyncExternalStore } from 'react';

/**
 * Can this tablet reach the Sandbar server? (issue 13). The API client reports every answer and
 * every network failure here; while unreachable, /api/health is probed every few seconds, and when
 * it answers the `reconnected` listeners run (refetch the board, send the queued sales).
 * `live` is the live-event stream's state, shown as a small dot in the top bar.
 */
export type LiveState = 'open' | 'connecting' | 'closed';

export interface Connectivity {
  online: boolean;
  /** When the server was first found unreachable (ms), while offline. */
  offlineSince: number | null;
  live: LiveState;
}

const PROBE_MS = 4000;

let state: Connectivity = { online: true, offlineSince: null, live: 'closed' };
const listeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();
let probe: ReturnType<typeof setTimeout> | undefined;

function set(next: Partial<Connectivity>): void {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

/** The probe's own timeout: a dead access point never answers, it does not refuse. */
const PROBE_TIMEOUT_MS = 3000;

async function probeOnce(): Promise<void> {
  probe = undefined;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), PROBE_TIMEOUT_MS);
  try {
    const res = await fetch('/api/health', { cache: 'no-store', signal: ctrl.signal });
    // Our server answers JSON; a captive portal's page is not the server coming back.
    if (res.status < 500 && (res.headers.get('content-type') ?? '').includes('json')) {
      connectivity.reportReached();
      return;
    }
  } catch {
    // still unreachable
  } finally {
    clearTimeout(timer);
  }
  if (!state.online) probe = setTimeout(() => void probeOnce(), PROBE_MS);
}

export const connectivity = {
  get: (): Connectivity => state,
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** A request failed without an answer (or the browser says it is offline). */
  reportNetworkFailure(now = Date.now()): void {
    if (!state.online) return;
    set({ online: false, offlineSince: now });
    if (!probe) probe = setTimeout(() => void probeOnce(), PROBE_MS);
  },
  /** The server answered (any status): the link is up. */
  reportReached(): void {
    if (state.online) return;
    clearTimeout(probe);
    probe = undefined;
    set({ online: true, offlineSince: null });
    for (const l of reconnectListeners) l();
  },
  setLive(live: LiveState): void {
    if (state.live !== live) set({ live });
  },
  /** Runs `l` each time the server becomes reachable again. */
  onReconnect(l: () => void): () => void {
    reconnectListeners.add(l);
    return () => reconnectListeners.delete(l);
  },
  /** Probe now (e.g. the browser fired `online`). */
  probeNow(): void {
    if (state.online) return;
    clearTimeout(probe);
    void probeOnce();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => connectivity.reportNetworkFailure());
  window.addEventListener('online', () => connectivity.probeNow());
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(connectivity.subscribe, connectivity.get, connectivity.get);
}

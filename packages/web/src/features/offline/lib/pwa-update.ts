import { useSyncExternalStore } from 'react';

/**
 * The service worker's update state, as a tiny external store: main.tsx registers the worker
 * (the only place that imports the PWA plugin's virtual module, so component tests never need it)
 * and the update prompt subscribes here.
 */
interface UpdateState {
  needRefresh: boolean;
  apply: () => void;
}

let state: UpdateState = { needRefresh: false, apply: () => undefined };
const listeners = new Set<() => void>();

export const pwaUpdateStore = {
  get: (): UpdateState => state,
  set(next: UpdateState): void {
    state = next;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function usePwaUpdate(): UpdateState {
  return useSyncExternalStore(pwaUpdateStore.subscribe, pwaUpdateStore.get, pwaUpdateStore.get);
}

/** Registers the service worker built by vite-plugin-pwa (production builds only). */
export async function startServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      pwaUpdateStore.set({ needRefresh: true, apply: () => void updateSW(true) });
    },
    onRegisteredSW(_url, registration) {
      // A tablet left open all day still learns about a new version: look every 30 minutes.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), 30 * 60_000);
    },
  });
}

import { useSyncExternalStore } from 'react';

/**
 * The service worker's update state, as a tiny external store: register-sw.ts registers the worker
 * (the only file that imports the PWA plugin's virtual module, so component tests never load it)
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

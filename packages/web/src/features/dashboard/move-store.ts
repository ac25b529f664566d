import { useSyncExternalStore } from 'react';

/** A move waiting for its target (spec section 4, Move): kept across reloads of the tab. */
export interface PendingMove {
  unitId: number;
  customerId: number | null;
  customerName: string;
  label: string;
  /** The day's timestamp the move belongs to. */
  timeStamp: number;
  version: number;
}

const KEY = 'sandbar.pendingMove';
const listeners = new Set<() => void>();
let current: PendingMove | null = read();

function read(): PendingMove | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as PendingMove) : null;
  } catch {
    return null;
  }
}

export const moveStore = {
  get: () => current,
  set(move: PendingMove | null) {
    current = move;
    try {
      if (move) sessionStorage.setItem(KEY, JSON.stringify(move));
      else sessionStorage.removeItem(KEY);
    } catch {
      // private mode: the move lives in memory only
    }
    listeners.forEach((l) => l());
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export const usePendingMove = () => useSyncExternalStore(moveStore.subscribe, moveStore.get, moveStore.get);

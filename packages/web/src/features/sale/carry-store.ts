import { useSyncExternalStore } from 'react';
import type { SaleState } from './wizard/machine';

/**
 * A walk-in sale refused on its unit because the unit was booked meanwhile (issue 32), on its way
 * to another unit: staff tap 'Choose another unit', the board says whose sale waits, and the next
 * free unit opened starts from these choices (wizard/machine.ts carryOver). Kept in sessionStorage
 * like the cart and the drafts, so a reload loses nothing.
 */
export interface Carry {
  state: SaleState;
  /** The unit the sale was refused on ("MB 27") and its type. */
  fromLabel: string;
  fromUnitType: string;
}

const KEY = 'sandbar.sale.carry';
const listeners = new Set<() => void>();

function load(): Carry | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Carry) : null;
  } catch {
    return null;
  }
}

let current: Carry | null = typeof sessionStorage === 'undefined' ? null : load();

function set(next: Carry | null): void {
  current = next;
  try {
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
  } catch {
    // private mode: the carried sale lives in memory only
  }
  for (const l of listeners) l();
}

export const carryStore = {
  get: () => current,
  set,
  clear: () => set(null),
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useCarry(): Carry | null {
  return useSyncExternalStore(carryStore.subscribe, carryStore.get, carryStore.get);
}

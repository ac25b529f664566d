import { useCallback, useEffect, useReducer } from 'react';
import { type SaleEvent, type SaleState, isStarted, saleReducer } from './machine';

/**
 * Sales in progress, kept in sessionStorage per unit (`unit:<id>`) or per order (`cart:<id>`):
 * closing the unit modal, switching tabs or reloading the page loses nothing. A draft goes when
 * its sale completes or the user discards it.
 */
const PREFIX = 'sandbar.sale.';

export function readDraft(key: string): SaleState | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as SaleState) : null;
  } catch {
    return null;
  }
}

function writeDraft(key: string, s: SaleState | null): void {
  try {
    if (s) sessionStorage.setItem(PREFIX + key, JSON.stringify(s));
    else sessionStorage.removeItem(PREFIX + key);
  } catch {
    // private mode or full storage: the draft lives as long as the wizard does
  }
}

export const draftStore = {
  read: readDraft,
  clear: (key: string) => writeDraft(key, null),
};

/** The wizard's state machine, persisted under `key`; `init` builds a new sale when there is none. */
export function useSaleDraft(key: string, init: () => SaleState): [SaleState, (e: SaleEvent) => void, () => void] {
  const [state, dispatch] = useReducer(saleReducer, key, (k) => readDraft(k) ?? init());
  // Only a started sale is kept: opening a unit and closing it again leaves nothing behind.
  useEffect(() => writeDraft(key, isStarted(state) ? state : null), [key, state]);
  const discard = useCallback(() => writeDraft(key, null), [key]);
  return [state, dispatch, discard];
}

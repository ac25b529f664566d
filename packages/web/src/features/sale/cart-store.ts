import { useSyncExternalStore } from 'react';

/**
 * The multi-unit cart ('Add More Unit(s)'), shared by the wizard in the unit modal and the
 * dashboard bar ('Cancel Order'). Kept in sessionStorage so a reload does not lose an order
 * whose units are held on the server.
 */
export interface CartUnitLine {
  unitId: number;
  unitType: string;
  unitNumber: number;
  unitLocation: string;
  selectedUnit: number;
  selectedAddons: number[];
  /** Cents this unit costs the buyer (unit + add-ons), as the wizard computed it. */
  lineCents: number;
  label: string;
}

export interface CartShared {
  paymentMethod: string;
  voucherNumber?: string;
  hotelId: number | null;
  hotelIsOther?: boolean;
  roomNumber: string;
  lastName: string;
  manualEntry: boolean;
  extraCharge: boolean;
  customerName: string;
}

export interface Cart {
  cartId: string;
  shared: CartShared;
  units: CartUnitLine[];
}

const KEY = 'sandbar.cart';
const listeners = new Set<() => void>();

function load(): Cart | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Cart) : null;
  } catch {
    return null;
  }
}

let current: Cart | null = typeof sessionStorage === 'undefined' ? null : load();

function set(next: Cart | null): void {
  current = next && next.units.length > 0 ? next : null;
  try {
    if (current) sessionStorage.setItem(KEY, JSON.stringify(current));
    else sessionStorage.removeItem(KEY);
  } catch {
    // private mode: the cart lives in memory only
  }
  for (const l of listeners) l();
}

export const cartStore = {
  get: () => current,
  /** Adds (or replaces) a unit; the first unit fixes the shared choices. */
  add(cartId: string, shared: CartShared, line: CartUnitLine) {
    const base = current && current.cartId === cartId ? current : { cartId, shared, units: [] };
    set({ ...base, units: [...base.units.filter((u) => u.unitId !== line.unitId), line] });
  },
  /** Removes a unit; an emptied cart ends multi mode. */
  remove(unitId: number) {
    if (current) set({ ...current, units: current.units.filter((u) => u.unitId !== unitId) });
  },
  clear() {
    set(null);
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useCart(): Cart | null {
  return useSyncExternalStore(cartStore.subscribe, cartStore.get, cartStore.get);
}

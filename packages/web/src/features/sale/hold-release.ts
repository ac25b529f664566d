import { tokenStore } from '../../lib/token';
import { holdUnit } from './api/hold-unit';
import { cartStore } from './cart-store';

// Issue 26, holds belong to the tablet: an order's holds are keyed by ids this tab made (the
// cart's id, kept in sessionStorage, and a single sale's claim), so another tablet of the same
// user keeps its own order. When this tab's page goes away (closed, or the browser killed it in
// the background) its holds are given back at once instead of after the scheduler's ten minutes.
//
// The release is a keep-alive fetch of the ordinary POST /api/releaseUnits, not sendBeacon: a
// beacon cannot carry the Authorization header, and the call must be validated and authorised
// like every other (same schema, same role and location checks). Chromium and Safari send a
// keep-alive request after the page is gone, as they send a beacon.

/** Claims (single-sale holds) this tab holds now, besides its cart. */
const claims = new Set<string>();

export const tabHolds = {
  add: (id: string) => claims.add(id),
  remove: (id: string) => claims.delete(id),
};

function releaseNow(): void {
  const token = tokenStore.get();
  if (!token) return;
  const ids = [...claims, ...(cartStore.get() ? [cartStore.get()!.cartId] : [])];
  for (const cartId of ids) {
    void fetch('/api/releaseUnits', {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ cartId }),
    }).catch(() => undefined);
  }
}

/**
 * A reload fires the same page-hide as a close (the two cannot be told apart), so the cart that
 * survives a reload in sessionStorage takes its holds again; a unit taken meanwhile by another
 * tablet leaves the order (its line is removed, the rest of the order is kept).
 */
async function holdCartAgain(): Promise<void> {
  const cart = cartStore.get();
  if (!cart || !tokenStore.get()) return;
  for (const line of cart.units) {
    try {
      await holdUnit({ unitId: line.unitId, cartId: cart.cartId });
    } catch {
      cartStore.remove(line.unitId);
    }
  }
}

let installed = false;

/** Installs the page-hide release once (from the app's start) and re-holds a reloaded cart. */
export function releaseHoldsOnPageHide(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('pagehide', releaseNow);
  void holdCartAgain();
}

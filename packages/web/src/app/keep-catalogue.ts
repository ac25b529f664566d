import type { AuthUser } from '@sandbar/contract/auth';
import { canAccess } from '@sandbar/contract/roles';
import type { QueryClient } from '@tanstack/react-query';
import { dropoffReportQuery } from '../features/dropoff/api/get-dropoff-report';
import { saleCatalogueQuery } from '../features/sale/api/get-sale-catalogue';
import { connectivity } from '../lib/connectivity';
import { sessionKeys } from '../lib/session';

/**
 * Selling offline needs the price list and hotels on the tablet (issue 13), even if nobody opened
 * the wizard since the app started: once a seller is signed in, fetch the catalogue (the offline
 * feature keeps its answer), a moment after the board's request so it never slows the first paint.
 * The moment is short: with 2 s, a tablet that lost its link within 2 s of signing in had no price
 * list offline and the New Customer tab stayed blank (found by offline.spec on a quiet machine).
 *
 * Notes/Drops offline shows the last known figures (issue 23), so the seller's own drop-off report
 * is fetched then too, and again after each action the server recorded (a sale, a drop-off, a
 * move): the kept copy is the day as of the last thing this tablet did, not as of sign-in.
 */
export function keepCatalogue(qc: QueryClient, delayMs = 250): () => void {
  let done: number | null = null;
  let seller = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const keepReport = () => {
    if (seller && connectivity.get().online) void qc.prefetchQuery(dropoffReportQuery());
  };
  const signedIn = (user: AuthUser | null | undefined) => {
    seller = !!user && canAccess(user.userType, 'selling') && canAccess(user.userType, 'dropoff');
    if (!user || done === user.id || !canAccess(user.userType, 'selling')) return;
    done = user.id;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void qc.prefetchQuery(saleCatalogueQuery());
      keepReport();
    }, delayMs);
  };
  const unsubscribe = qc.getQueryCache().subscribe((e) => {
    if (e.type !== 'updated' || e.action.type !== 'success') return;
    if (JSON.stringify(e.query.queryKey) !== JSON.stringify(sessionKeys.user)) return;
    signedIn(e.action.data as AuthUser | null);
  });
  // The user may be known before this listens (a fast sign-in answer, the warm start): without
  // this the catalogue was never fetched and a tablet that went offline had no price list.
  signedIn(qc.getQueryData<AuthUser | null>(sessionKeys.user));
  const unsubscribeMutations = qc.getMutationCache().subscribe((e) => {
    if (e.type === 'updated' && e.action.type === 'success') keepReport();
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
    unsubscribeMutations();
  };
}

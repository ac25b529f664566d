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
 * feature keeps its answer), a little after the board so it never slows the first paint.
 *
 * Notes/Drops offline shows the last known figures (issue 23), so the seller's own drop-off report
 * is fetched then too, and again after each action the server recorded (a sale, a drop-off, a
 * move): the kept copy is the day as of the last thing this tablet did, not as of sign-in.
 */
export function keepCatalogue(qc: QueryClient, delayMs = 2000): () => void {
  let done: number | null = null;
  let seller = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const keepReport = () => {
    if (seller && connectivity.get().online) void qc.prefetchQuery(dropoffReportQuery());
  };
  const unsubscribe = qc.getQueryCache().subscribe((e) => {
    if (e.type !== 'updated' || e.action.type !== 'success') return;
    if (JSON.stringify(e.query.queryKey) !== JSON.stringify(sessionKeys.user)) return;
    const user = e.action.data as AuthUser | null;
    seller = !!user && canAccess(user.userType, 'selling') && canAccess(user.userType, 'dropoff');
    if (!user || done === user.id || !canAccess(user.userType, 'selling')) return;
    done = user.id;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void qc.prefetchQuery(saleCatalogueQuery());
      keepReport();
    }, delayMs);
  });
  const unsubscribeMutations = qc.getMutationCache().subscribe((e) => {
    if (e.type === 'updated' && e.action.type === 'success') keepReport();
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
    unsubscribeMutations();
  };
}

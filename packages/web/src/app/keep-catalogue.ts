import type { AuthUser } from '@sandbar/contract/auth';
import { canAccess } from '@sandbar/contract/roles';
import type { QueryClient } from '@tanstack/react-query';
import { saleCatalogueQuery } from '../features/sale/api/get-sale-catalogue';
import { sessionKeys } from '../lib/session';

/**
 * Selling offline needs the price list and hotels on the tablet (issue 13), even if nobody opened
 * the wizard since the app started: once a seller is signed in, fetch the catalogue (the offline
 * feature keeps its answer), a little after the board so it never slows the first paint.
 */
export function keepCatalogue(qc: QueryClient, delayMs = 2000): () => void {
  let done: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = qc.getQueryCache().subscribe((e) => {
    if (e.type !== 'updated' || e.action.type !== 'success') return;
    if (JSON.stringify(e.query.queryKey) !== JSON.stringify(sessionKeys.user)) return;
    const user = e.action.data as AuthUser | null;
    if (!user || done === user.id || !canAccess(user.userType, 'selling')) return;
    done = user.id;
    clearTimeout(timer);
    timer = setTimeout(() => void qc.prefetchQuery(saleCatalogueQuery()), delayMs);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

import type { QueryClient } from '@tanstack/react-query';
import { unitsQuery } from '../features/dashboard/api/get-units';
import { tokenStore } from '../lib/token';
import { preloadDashboard } from './router';

const boardPath = /^\/(dashboard\/?)?$/;

/**
 * A tablet reloading today's board with a saved token would otherwise wait for the user, then for
 * the board's code, then for the board: three round trips one after another. Start all three at
 * once (the board's first-render target of issue 3); the guards still decide what is shown, and
 * the server still authorises the board call.
 */
export function warmStart(queryClient: QueryClient, location: { pathname: string; search: string }): void {
  if (!tokenStore.get() || !boardPath.test(location.pathname)) return;
  const query = new URLSearchParams(location.search);
  if (query.get('timeStamp')) return;
  void preloadDashboard();
  void queryClient.prefetchQuery(unitsQuery('today', query.get('searchTerm')?.trim() ?? ''));
}

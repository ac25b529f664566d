import type { DashboardData } from '@sandbar/contract/units';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { unitsKeys } from './keys';

/** GET /getUnits?searchTerm= or /getUnits/{timestamp}: the dashboard data of a day. */
export function getUnits(day: number | 'today', searchTerm = ''): Promise<DashboardData> {
  const q = searchTerm ? `?${new URLSearchParams({ searchTerm }).toString()}` : '';
  return api<DashboardData>(`/getUnits${day === 'today' ? '' : `/${day}`}${q}`);
}

export const unitsQuery = (day: number | 'today', searchTerm = '') =>
  queryOptions({
    queryKey: unitsKeys.board(day, searchTerm),
    queryFn: () => getUnits(day, searchTerm),
    placeholderData: keepPreviousData,
    // Live events keep it fresh; a refetch on focus covers a tablet that slept.
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });

export const useUnits = (day: number | 'today', searchTerm = '') => useQuery(unitsQuery(day, searchTerm));

import type { DashboardData } from '@sandbar/contract/units';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /getUnits?searchTerm=: today's board with the matching unit ids. */
export const searchUnitsQuery = (searchTerm: string) =>
  queryOptions({
    // Shares the board's key family, so live changes and mutations refresh the results too.
    queryKey: ['units', 'board', 'today', searchTerm] as const,
    queryFn: () => api<DashboardData>(`/getUnits?${new URLSearchParams({ searchTerm }).toString()}`),
  });

export const useSearchUnits = (searchTerm: string) =>
  useQuery({ ...searchUnitsQuery(searchTerm), enabled: !!searchTerm });

import type { NeedsAttentionResponse, SeatUnseatedBody, SeatUnseatedResponse } from '@sandbar/contract/offline';
import type { DashboardData } from '@sandbar/contract/units';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const attentionKeys = { list: ['needsAttention'] as const };

/** GET /getNeedsAttention: offline sales whose unit was sold meanwhile, for every tablet. */
export const needsAttentionQuery = () =>
  queryOptions({
    queryKey: attentionKeys.list,
    queryFn: () => api<NeedsAttentionResponse>('/getNeedsAttention', { silent: true }),
    // Every tablet of the location sees a new item within seconds, whoever's queue raised it.
    refetchInterval: 10_000,
    staleTime: 5_000,
  });

export const useNeedsAttention = (enabled: boolean) => useQuery({ ...needsAttentionQuery(), enabled });

/**
 * Today's board, for the free units a waiting customer can be seated on. The banner shows on every
 * page (Reports, Notes/Drops), not only where the board was loaded (issue 23: there the picker
 * was empty and Seat disabled): the same query as the board's (its key and call), fetched here
 * when the cache has none.
 */
export const useTodayBoard = (enabled: boolean) =>
  useQuery({
    queryKey: ['units', 'board', 'today', ''] as const,
    queryFn: () => api<DashboardData>('/getUnits'),
    enabled,
    staleTime: 5_000,
  });

/** POST /seatUnseatedCustomer: seat a waiting customer on a free unit. */
export function useSeatUnseated() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SeatUnseatedBody) =>
      api<SeatUnseatedResponse>('/seatUnseatedCustomer', { method: 'POST', body }),
    // Seating changes the board, the report rows and Notes/Drops (their "Unseated" marks): every
    // page the banner shows on refetches what it shows.
    onSuccess: () => qc.invalidateQueries(),
  });
}

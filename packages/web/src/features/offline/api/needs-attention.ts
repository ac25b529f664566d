import type { NeedsAttentionResponse, SeatUnseatedBody, SeatUnseatedResponse } from '@sandbar/contract/offline';
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

/** POST /seatUnseatedCustomer: seat a waiting customer on a free unit. */
export function useSeatUnseated() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SeatUnseatedBody) =>
      api<SeatUnseatedResponse>('/seatUnseatedCustomer', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: attentionKeys.list }),
        qc.invalidateQueries({ queryKey: ['units'] }),
      ]),
  });
}

import type { FailedPostingsResponse, PmsPostingsResponse } from '@sandbar/contract/pms-postings';
import type { PmsReconciliationResponse } from '@sandbar/contract/pms-reconciliation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toastSuccess } from '../../../lib/notify';

// Issue 34: the hotels' PMS postings — the Postings screen, Retry, Needs attention, a sale's View.
export const postingKeys = {
  all: ['pmsPostings'] as const,
  day: (day: string, hotelId: number | null) => ['pmsPostings', 'day', day, hotelId] as const,
  attention: ['pmsPostings', 'attention'] as const,
  sale: (id: number) => ['pmsPostings', 'sale', id] as const,
};

/** GET /getPmsPostings: a day's postings (today's when the day is blank), all hotels or one. */
export const pmsPostingsQuery = (day: string, hotelId: number | null) =>
  queryOptions({
    queryKey: postingKeys.day(day, hotelId),
    queryFn: () => {
      const q = new URLSearchParams();
      if (day) q.set('day', day);
      if (hotelId) q.set('hotelId', String(hotelId));
      const qs = q.toString();
      return api<PmsPostingsResponse>(`/getPmsPostings${qs ? `?${qs}` : ''}`);
    },
    // The queue works in the background: what was pending a moment ago may be posted now.
    refetchInterval: 5000,
  });
export const usePmsPostings = (day: string, hotelId: number | null) => useQuery(pmsPostingsQuery(day, hotelId));

/**
 * GET /getPmsReconciliation: the day's room charges per connected hotel against what its PMS
 * confirmed (the night reconciliation, decision 321), refreshed with the day's postings.
 */
export const usePmsReconciliation = (day: string) =>
  useQuery({
    queryKey: [...postingKeys.all, 'reconciliation', day] as const,
    queryFn: () => api<PmsReconciliationResponse>(`/getPmsReconciliation?day=${encodeURIComponent(day)}`),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(day),
    refetchInterval: 5000,
  });

/** GET /getFailedPmsPostings: postings still failing after their retries (admins). */
export const usePmsAttention = (enabled: boolean) =>
  useQuery({
    queryKey: postingKeys.attention,
    queryFn: () => api<FailedPostingsResponse>('/getFailedPmsPostings', { silent: true }),
    enabled,
    refetchInterval: 30_000,
    staleTime: 10_000,
  });

/** POST /retryPmsPosting: a failed posting back in the queue. */
export function useRetryPosting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ success: 1; details: string }>('/retryPmsPosting', { method: 'POST', body: { postData: id } }),
    onSuccess: (res) => {
      toastSuccess(res.details);
      return qc.invalidateQueries({ queryKey: postingKeys.all });
    },
  });
}

import type { OwedRefundsResponse, RetryRefundResponse } from '@sandbar/contract/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bookingsKeys } from './keys';

const owedKey = [...bookingsKeys.all, 'owedRefunds'] as const;

/** GET /getOwedRefunds: refunds the payment provider has not accepted yet, in the user's locations (issue 33). */
export const useOwedRefunds = () =>
  useQuery({
    queryKey: owedKey,
    queryFn: () => api<OwedRefundsResponse>('/getOwedRefunds'),
    // The payments job retries by itself: the list follows without a reload.
    refetchInterval: 30_000,
  });

/** POST /retryRefund: send a refused refund to the provider again now. */
export function useRetryRefund() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<RetryRefundResponse>('/retryRefund', { body: { id }, silent: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: owedKey }),
  });
}

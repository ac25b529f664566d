import type { ReconciliationResponse } from '@sandbar/contract/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /getPaymentReconciliation/{day}: Sandbar's online money beside the provider's (issue 33 point 9). */
export const useReconciliation = (day: string | null) =>
  useQuery({
    queryKey: ['report', 'reconciliation', day],
    queryFn: () => api<ReconciliationResponse>(`/getPaymentReconciliation/${day}`, { silent: true }),
    enabled: !!day,
    retry: false,
  });

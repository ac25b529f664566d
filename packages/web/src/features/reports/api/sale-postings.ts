import type { SalePostingsResponse } from '@sandbar/contract/pms-postings';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /getSalePostings/{id}: a room charge's postings to its hotel's PMS (issue 34), for its View. */
export const useSalePostings = (id: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['pmsPostings', 'sale', id ?? 0] as const,
    queryFn: () => api<SalePostingsResponse>(`/getSalePostings/${id}`),
    enabled: enabled && id != null,
    // The queue works in the background: a pending posting may be posted a moment later.
    refetchInterval: 5000,
  });

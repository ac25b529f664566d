import type { CancelPolicy } from '@sandbar/contract/reservations';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bookingsKeys } from './keys';

/** GET /getCancelPolicy/:id : what cancelling now does to the deposit, asked when the Cancel pane opens. */
export const useCancelPolicy = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...bookingsKeys.all, 'cancelPolicy', id],
    queryFn: () => api<CancelPolicy>(`/getCancelPolicy/${id}`),
    enabled,
    // The cut-off passes with the clock: ask afresh each time the pane opens.
    staleTime: 0,
    gcTime: 0,
  });

import type { PaymentDeliveriesResponse } from '@sandbar/contract/payments';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /getPaymentDeliveries[?beforeId]: the provider's webhook deliveries, newest first, 100 a page (admins). */
export function usePaymentDeliveries() {
  return useInfiniteQuery({
    queryKey: ['paymentDeliveries'],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api<PaymentDeliveriesResponse>(`/getPaymentDeliveries${pageParam ? `?beforeId=${pageParam}` : ''}`),
    // A full page may have more behind it: the next one starts before its last (oldest) delivery.
    getNextPageParam: (last) => (last.deliveries.length >= 100 ? last.deliveries.at(-1)!.id : undefined),
    refetchInterval: 10_000,
  });
}

import type { SaleCatalogue } from '@sandbar/contract/sales';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * GET /getSaleCatalogue for the booking form's extras (the price list's add-ons). Its own key:
 * features do not share each other's queries (decision 160).
 */
export const useBookingPriceList = () =>
  useQuery({
    queryKey: ['bookings', 'priceList'] as const,
    queryFn: () => api<SaleCatalogue>('/getSaleCatalogue'),
    staleTime: 60_000,
  });

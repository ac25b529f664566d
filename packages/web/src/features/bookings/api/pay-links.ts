import type {
  BookingPayLink,
  PayLinkQuote,
  PayLinkQuoteBody,
  PayLinkResponse,
  PayLinksResponse,
  ResendPayLinkBody,
  SendPayLinkBody,
} from '@sandbar/contract/pay-links';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bookingsKeys } from './keys';

// Pay by link (issue 33 point 7): a booking's link, the day's links, and the three actions. The
// booking desk listens to the event stream, so a payment or an expiry refetches these by itself.

const linkKey = (id: number) => [...bookingsKeys.all, 'payLink', id] as const;

/** GET /getPaymentLink/:id: the booking's newest link and what a new one would ask. */
export const useBookingPayLink = (id: number, enabled = true) =>
  useQuery({
    queryKey: linkKey(id),
    queryFn: () => api<BookingPayLink>(`/getPaymentLink/${id}`),
    enabled,
    staleTime: 10_000,
  });

/** GET /getPaymentLinks?day=&locationId= : the day's links in the user's locations. */
export const useDayPayLinks = (day: string | null, locationId: number | null) =>
  useQuery({
    queryKey: [...bookingsKeys.all, 'payLinks', day ?? '', locationId] as const,
    queryFn: () =>
      api<PayLinksResponse>(
        `/getPaymentLinks?${new URLSearchParams({ day: day ?? '', ...(locationId ? { locationId: String(locationId) } : {}) })}`,
      ),
    enabled: Boolean(day),
    staleTime: 10_000,
  });

/** POST /quotePaymentLink: the amounts the booking form offers before booking. */
export const useQuotePayLink = (body: PayLinkQuoteBody, enabled: boolean) =>
  useQuery({
    queryKey: [...bookingsKeys.all, 'payLinkQuote', body] as const,
    queryFn: () => api<PayLinkQuote>('/quotePaymentLink', { method: 'POST', body, silent: true }),
    enabled,
    staleTime: 30_000,
  });

function usePayLinkCall<B>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<PayLinkResponse>(path, { body, silent: true }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: bookingsKeys.all });
      void qc.invalidateQueries({ queryKey: ['units'] });
    },
  });
}

/** POST /sendPaymentLink. */
export const useSendPayLink = () => usePayLinkCall<SendPayLinkBody>('/sendPaymentLink');
/** POST /resendPaymentLink. */
export const useResendPayLink = () => usePayLinkCall<ResendPayLinkBody>('/resendPaymentLink');
/** POST /cancelPaymentLink. */
export const useCancelPayLink = () => usePayLinkCall<{ id: number }>('/cancelPaymentLink');

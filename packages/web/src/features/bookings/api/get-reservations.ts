import type { ReservationsResponse } from '@sandbar/contract/reservations';
import type { ReservationStatus } from '@sandbar/contract/rules/reservation';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bookingsKeys } from './keys';

/** GET /getReservations?day=&status= : a day's bookings in the user's locations (e.g. those waiting for staff). */
export const useReservations = (day: string | null, status: ReservationStatus) =>
  useQuery({
    queryKey: bookingsKeys.list(day ?? '', status),
    queryFn: () => api<ReservationsResponse>(`/getReservations?${new URLSearchParams({ day: day ?? '', status })}`),
    enabled: Boolean(day),
    staleTime: 30_000,
  });

import type { BookingBoard } from '@sandbar/contract/reservations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bookingsKeys } from './keys';

/** GET /getBookingBoard?day=&locationId= : the units of a day to book from. */
export const getBookingBoard = (day: string | null, locationId: number | null) =>
  api<BookingBoard>(
    `/getBookingBoard?${new URLSearchParams({ ...(day ? { day } : {}), ...(locationId ? { locationId: String(locationId) } : {}) })}`,
  );

export const bookingBoardQuery = (day: string | null, locationId: number | null) =>
  queryOptions({
    queryKey: bookingsKeys.board(day ?? 'today', locationId),
    queryFn: () => getBookingBoard(day, locationId),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useBookingBoard = (day: string | null, locationId: number | null) =>
  useQuery(bookingBoardQuery(day, locationId));

import type { HotelResponse } from '@sandbar/contract/hotels';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { hotelKeys } from './get-hotel-list';

/** GET /getHotelList/{id}: the hotel, its guest roster and roster files. */
export const hotelQuery = (id: number) =>
  queryOptions({
    queryKey: hotelKeys.one(id),
    queryFn: () => api<HotelResponse>(`/getHotelList/${id}`),
    enabled: id > 0,
  });

export const useHotel = (id: number) => useQuery(hotelQuery(id));

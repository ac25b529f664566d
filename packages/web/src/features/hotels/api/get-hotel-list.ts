import type { HotelListResponse } from '@sandbar/contract/hotels';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const hotelKeys = {
  all: ['hotels'] as const,
  list: ['hotels', 'list'] as const,
  one: (id: number) => ['hotels', 'one', id] as const,
};

/** GET /getHotelList (admins). */
export const hotelListQuery = queryOptions({
  queryKey: hotelKeys.list,
  queryFn: () => api<HotelListResponse>('/getHotelList'),
});

export const useHotelList = () => useQuery(hotelListQuery);

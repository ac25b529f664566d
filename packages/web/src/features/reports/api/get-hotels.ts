import type { HotelsResponse } from '@sandbar/contract/hotels';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /getHotels: the Hotels view has one button per hotel (its RoomCharge report). */
export const reportHotelsQuery = queryOptions({
  queryKey: ['reports', 'hotels'] as const,
  queryFn: () => api<HotelsResponse>('/getHotels'),
  staleTime: 60_000,
});

export const useReportHotels = () => useQuery(reportHotelsQuery);

import type { LocationListResponse } from '@sandbar/contract/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const locationKeys = {
  all: ['locations'] as const,
  list: ['locations', 'list'] as const,
  one: (id: number) => ['locations', 'one', id] as const,
};

/** GET /getLocationList. */
export const locationListQuery = queryOptions({
  queryKey: locationKeys.list,
  queryFn: () => api<LocationListResponse>('/getLocationList'),
});

export const useLocationList = () => useQuery(locationListQuery);

import type { LocationResponse } from '@sandbar/contract/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { locationKeys } from './get-location-list';

/** GET /getLocationList/{id}. */
export const locationQuery = (id: number) =>
  queryOptions({
    queryKey: locationKeys.one(id),
    queryFn: () => api<LocationResponse>(`/getLocationList/${id}`),
    enabled: id > 0,
  });

export const useLocation = (id: number) => useQuery(locationQuery(id));

import type { LocationListResponse } from '@sandbar/contract/locations';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /getLocationList: the names (and rows) the booking rules pick online locations and rows from (Config). */
export const useBookingLocations = () =>
  useQuery({
    queryKey: ['settings', 'booking-locations'],
    queryFn: () => api<LocationListResponse>('/getLocationList'),
    select: (d) => d.locations.map((l) => ({ name: l.name, fullName: l.fullName, rows: l.umbrellaRows })),
  });

import type { LocationListResponse } from '@sandbar/contract/locations';
import type { FnbUnitCodes } from '@sandbar/contract/fnb';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { fnbKeys } from './keys';

/** GET /getFnbUnitCodes?locationId= : one location's QR sheet (codes made on first ask). */
export const useUnitCodes = (locationId: number | null) =>
  useQuery({
    queryKey: fnbKeys.codes(locationId ?? 0),
    queryFn: () => api<FnbUnitCodes>(`/getFnbUnitCodes?locationId=${locationId}`),
    enabled: !!locationId,
  });

/** POST /rotateFnbUnitCodes: every code of the location replaced; the printed ones stop working. */
export function useRotateCodes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (locationId: number) =>
      api<FnbUnitCodes | { success: 1 }>('/rotateFnbUnitCodes', { method: 'POST', body: { locationId } }),
    onSuccess: (_r, locationId) => qc.invalidateQueries({ queryKey: fnbKeys.codes(locationId) }),
  });
}

/** GET /getLocationList: the locations to pick a sheet for. */
export const useQrLocations = () =>
  useQuery({
    queryKey: ['fnb', 'locations'],
    queryFn: () => api<LocationListResponse>('/getLocationList'),
  });

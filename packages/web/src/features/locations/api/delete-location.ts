import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { locationKeys } from './get-location-list';

/** POST /deleteLocation {postData: id}: refused (409) when the location has history. */
export const deleteLocation = (id: number) =>
  api<{ success: 1; details: string }>('/deleteLocation', { method: 'POST', body: { postData: id } });

export function useDeleteLocation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: () => qc.invalidateQueries({ queryKey: locationKeys.all }),
  });
}

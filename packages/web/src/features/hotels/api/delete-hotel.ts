import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /deleteHotel {postData: id}: refused (409) for Other and hotels with room charges. */
export const deleteHotel = (id: number) =>
  api<{ success: 1; details: string }>('/deleteHotel', { method: 'POST', body: { postData: id } });

export function useDeleteHotel() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteHotel, onSuccess: () => qc.invalidateQueries() });
}

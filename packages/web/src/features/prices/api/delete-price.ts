import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /deletePrice {postData: id}. */
export const deletePrice = (id: number) =>
  api<{ success: 1; details: string }>('/deletePrice', { method: 'POST', body: { postData: id } });

export function useDeletePrice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePrice, onSuccess: () => qc.invalidateQueries() });
}

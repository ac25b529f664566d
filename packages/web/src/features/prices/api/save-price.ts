import type { SaveResponse } from '@sandbar/contract/admin-fields';
import type { PriceFormInput } from '@sandbar/contract/prices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /savePrice {postData}: add or edit; the next sale reads the new price. */
export const savePrice = (postData: PriceFormInput) =>
  api<SaveResponse>('/savePrice', { method: 'POST', body: { postData }, silent: true });

export function useSavePrice() {
  const qc = useQueryClient();
  // Every query: the sale wizard's catalogue is cached under its own key.
  return useMutation({ mutationFn: savePrice, onSuccess: () => qc.invalidateQueries() });
}

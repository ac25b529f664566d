import type { MessageResponse } from '@sandbar/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { logDetailsKeys } from './get-log-details';

/** POST /deleteLogDetails {postData: id}. */
export const deleteLogDetails = (id: number) =>
  api<MessageResponse>('/deleteLogDetails', { method: 'POST', body: { postData: id } });

export function useDeleteLogDetails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteLogDetails,
    onSuccess: () => qc.invalidateQueries({ queryKey: logDetailsKeys.all }),
  });
}

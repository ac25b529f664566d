import type { LogDetailPostData, SaveLogDetailsResponse } from '@sandbar/contract/log-details';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { logDetailsKeys } from './get-log-details';

/** POST /saveLogDetails {postData}: answers {type: 'saveLogDetail', success: 1}. */
export const saveLogDetails = (postData: LogDetailPostData) =>
  api<SaveLogDetailsResponse>('/saveLogDetails', { method: 'POST', body: { postData } });

export function useSaveLogDetails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveLogDetails,
    onSuccess: () => qc.invalidateQueries({ queryKey: logDetailsKeys.all }),
  });
}

import type { MessageResponse } from '@sandbar/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dailyLogKeys } from './get-daily-logs';

/** POST /deleteDailyLog {postData: id} (admins). */
export const deleteDailyLog = (id: number) =>
  api<MessageResponse>('/deleteDailyLog', { method: 'POST', body: { postData: id } });

export function useDeleteDailyLog() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteDailyLog,
    onSuccess: () => qc.invalidateQueries({ queryKey: dailyLogKeys.all }),
  });
}

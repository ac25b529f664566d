import type { SaveDailyLogBody, SaveDailyLogResponse } from '@sandbar/contract/daily-log';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dailyLogKeys } from './get-daily-logs';

/**
 * POST /saveDailyLog {id, logDate, data}: the server writes the editor's initials on changed fields.
 * Silent: the page shows a 400 in the form and toasts anything else itself.
 */
export const saveDailyLog = (body: SaveDailyLogBody) =>
  api<SaveDailyLogResponse>('/saveDailyLog', { method: 'POST', body, silent: true });

export function useSaveDailyLog() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveDailyLog,
    onSuccess: () => qc.invalidateQueries({ queryKey: dailyLogKeys.all }),
  });
}

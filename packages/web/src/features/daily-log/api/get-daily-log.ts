import type { DailyLogResponse } from '@sandbar/contract/daily-log';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dailyLogKeys } from './get-daily-logs';

/** GET /getDailyLogList/{id}: pageType 'edit', data (the log), dailyLogFieldData. */
export const dailyLogQuery = (id: number) =>
  queryOptions({
    queryKey: dailyLogKeys.one(id),
    queryFn: () => api<DailyLogResponse>(`/getDailyLogList/${id}`),
    staleTime: 0,
  });

import type { DailyLogList } from '@sandbar/contract/daily-log';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const dailyLogKeys = {
  all: ['dailyLog'] as const,
  list: () => [...dailyLogKeys.all, 'list'] as const,
  one: (id: number) => [...dailyLogKeys.all, 'one', id] as const,
};

/** GET /getDailyLogList: pageType 'list', dailyLogs, dailyLogFieldData. */
export const dailyLogsQuery = () =>
  queryOptions({ queryKey: dailyLogKeys.list(), queryFn: () => api<DailyLogList>('/getDailyLogList') });

export const useDailyLogs = () => useQuery(dailyLogsQuery());

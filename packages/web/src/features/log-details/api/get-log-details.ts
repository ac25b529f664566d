import type { LogDetailsList } from '@sandbar/contract/log-details';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const logDetailsKeys = {
  all: ['logDetails'] as const,
  list: () => [...logDetailsKeys.all, 'list'] as const,
  one: (id: number) => [...logDetailsKeys.all, 'one', id] as const,
};

/** GET /getLogDetailsList (admins). */
export const logDetailsQuery = () =>
  queryOptions({ queryKey: logDetailsKeys.list(), queryFn: () => api<LogDetailsList>('/getLogDetailsList') });

export const useLogDetails = () => useQuery(logDetailsQuery());

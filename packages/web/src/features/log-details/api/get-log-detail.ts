import type { LogDetailResponse } from '@sandbar/contract/log-details';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { logDetailsKeys } from './get-log-details';

/** GET /getLogDetailsList/{id}. */
export const logDetailQuery = (id: number) =>
  queryOptions({
    queryKey: logDetailsKeys.one(id),
    queryFn: () => api<LogDetailResponse>(`/getLogDetailsList/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useLogDetail = (id: number) => useQuery(logDetailQuery(id));

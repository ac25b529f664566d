import type { OutboxList } from '@sandbar/contract/outbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const outboxKeys = { all: ['outbox'] as const };

/** GET /getOutbox (admins): every outgoing e-mail and text. */
export const outboxQuery = queryOptions({
  queryKey: outboxKeys.all,
  queryFn: () => api<OutboxList>('/getOutbox'),
  refetchInterval: 5000,
});

export const useOutbox = () => useQuery(outboxQuery);

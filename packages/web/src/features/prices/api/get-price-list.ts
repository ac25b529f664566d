import type { PriceListResponse } from '@sandbar/contract/prices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const priceKeys = {
  all: ['prices'] as const,
  list: ['prices', 'list'] as const,
  one: (id: number) => ['prices', 'one', id] as const,
};

/** GET /getPriceList (admins). */
export const priceListQuery = queryOptions({
  queryKey: priceKeys.list,
  queryFn: () => api<PriceListResponse>('/getPriceList'),
});

export const usePriceList = () => useQuery(priceListQuery);

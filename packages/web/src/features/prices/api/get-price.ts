import type { PriceResponse } from '@sandbar/contract/prices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { priceKeys } from './get-price-list';

/** GET /getPriceList/{id}. */
export const priceQuery = (id: number) =>
  queryOptions({
    queryKey: priceKeys.one(id),
    queryFn: () => api<PriceResponse>(`/getPriceList/${id}`),
    enabled: id > 0,
  });

export const usePrice = (id: number) => useQuery(priceQuery(id));

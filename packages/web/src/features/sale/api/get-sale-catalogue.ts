import type { SaleCatalogue } from '@sandbar/contract/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const saleKeys = { catalogue: ['saleCatalogue'] as const };

/** GET /getSaleCatalogue: price list, hotels and the venue's pricing hour. */
export const saleCatalogueQuery = () =>
  queryOptions({
    queryKey: saleKeys.catalogue,
    queryFn: () => api<SaleCatalogue>('/getSaleCatalogue'),
    // The pricing hour moves: refetch each minute while the wizard is open.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export const useSaleCatalogue = () => useQuery(saleCatalogueQuery());

import type { ReceiptResponse } from '@sandbar/contract/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /getReceipt/{receiptId}: public, no sign-in. */
export const receiptQuery = (receiptId: string) =>
  queryOptions({
    queryKey: ['receipt', receiptId] as const,
    queryFn: () => api<ReceiptResponse>(`/getReceipt/${encodeURIComponent(receiptId)}`, { silent: true }),
  });

export const useReceipt = (receiptId: string) => useQuery(receiptQuery(receiptId));

import type { SettleFnbTabBody } from '@sandbar/contract/fnb';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * POST /settleFnbTab: a unit's F&B tab paid with the existing methods, tip and signature (issue 35
 * point 7). The settlement is a sale on the server (receipt, Notes/Drops, reports); idempotent by
 * its ourTransactionId, like a sale.
 */
export function useSettleFnbTab() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SettleFnbTabBody) =>
      api<{ success: 1; details: string; saleId: number; receiptId: string }>('/settleFnbTab', {
        method: 'POST',
        body,
        silent: true,
      }),
    // The tab, the unit (its customers and receipts), Notes/Drops: every query may have moved.
    onSuccess: () => qc.invalidateQueries(),
  });
}

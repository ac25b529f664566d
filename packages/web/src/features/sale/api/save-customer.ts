import type { SaveCustomerBody, SaveCustomerResponse } from '@sandbar/contract/sales';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /saveCustomer: safe to retry, the ourTransactionId inside makes it idempotent. */
export const saveCustomer = (body: SaveCustomerBody) =>
  api<SaveCustomerResponse>('/saveCustomer', { method: 'POST', body });

export function useSaveCustomer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveCustomer,
    // The board listens for live events too; this refreshes any board query on this tablet at once.
    onSuccess: () => qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).toLowerCase().includes('unit') }),
  });
}

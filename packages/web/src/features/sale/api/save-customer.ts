import { formatMoney } from '@sandbar/contract/rules/money';
import type { SaveCustomerBody } from '@sandbar/contract/sales';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveOrQueueSale } from '../../../lib/sale-queue';

/**
 * POST /saveCustomer: safe to retry, the ourTransactionId inside makes it idempotent. Cash and
 * voucher sales taken while the server cannot be reached are kept on the tablet and sent later
 * (issue 13, lib/sale-queue.ts); the answer then is `{ queued: true }`.
 */
export const saveCustomer = (body: SaveCustomerBody) => {
  const d = body.customerData;
  const unitIds = d.cartUnits && d.cartUnits.length > 0 ? d.cartUnits.map((u) => Number(u.unitId)) : [Number(d.unitId)];
  const total = Number(d.orderTotal) + Number(d.tipAmount ?? 0);
  // The offline queue's label (shown in the queue counter): money as everywhere else.
  return saveOrQueueSale(body, {
    unitIds,
    label: `${d.customerName || 'Customer'}: ${d.paymentMethod} ${formatMoney(total)}`,
  });
};

export function useSaveCustomer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveCustomer,
    // The board listens for live events too; this refreshes any board query on this tablet at once.
    // Not awaited: the sale's outcome (saved, or kept on the tablet) is told at once, whatever the
    // refetch meets on a dropping link (issue 23).
    onSuccess: () => {
      void qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).toLowerCase().includes('unit') });
    },
  });
}

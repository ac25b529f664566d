import type { ReceiptCheckResponse, UpdateReceiptBody } from '@sandbar/contract/sales';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /updateReceipt: new phone or e-mail for a customer's receipt (sent there at once). */
export const updateReceipt = (body: UpdateReceiptBody) =>
  api<ReceiptCheckResponse>('/updateReceipt', { method: 'POST', body, silent: true });

export const useUpdateReceipt = () => useMutation({ mutationFn: updateReceipt });

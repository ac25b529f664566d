import type { ReceiptCheckResponse, ResendReceiptBody } from '@sandbar/contract/sales';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /resendReceipt {customerId, reprint}. */
export const resendReceipt = (body: ResendReceiptBody) =>
  api<ReceiptCheckResponse>('/resendReceipt', { method: 'POST', body });

export const useResendReceipt = () => useMutation({ mutationFn: resendReceipt });

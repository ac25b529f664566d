import type { CheckReceiptInfoBody, ReceiptCheckResponse } from '@sandbar/contract/sales';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /checkReceiptInfo: status false comes with a message shown in a red alert. */
export const checkReceiptInfo = (body: CheckReceiptInfoBody) =>
  api<ReceiptCheckResponse>('/checkReceiptInfo', { method: 'POST', body, silent: true });

export const useCheckReceiptInfo = () => useMutation({ mutationFn: checkReceiptInfo });

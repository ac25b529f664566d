import type { PrintCodeResponse, PrintReceiptBody } from '@sandbar/contract/sales';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /printReceipt: PrintCode goes to the Android printer. Failures only reach the console. */
export const printReceipt = (body: PrintReceiptBody) =>
  api<PrintCodeResponse>('/printReceipt', { method: 'POST', body, silent: true });

export const usePrintReceipt = () => useMutation({ mutationFn: printReceipt });

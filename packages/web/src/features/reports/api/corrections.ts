import type {
  CorrectionResponse,
  DeleteMultiBody,
  DeleteTransactionBody,
  RestoreTransactionBody,
  GetTipResponse,
  SaveTipBody,
  SaveTransactionBody,
  SwitchTransactionBody,
  TransactionDetail,
} from '@sandbar/contract/reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reportKeys } from './get-report';

// Admin corrections (spec section 7). Every one refreshes the reports, since totals change.
const post =
  <T>(url: string) =>
  (body: object) =>
    api<T>(url, { method: 'POST', body });

/** POST /deleteTransaction {deleteId, reportTime, reportType}. */
export const deleteTransaction = (body: DeleteTransactionBody) => post<CorrectionResponse>('/deleteTransaction')(body);
/** POST /deleteMultiTransaction {deleteIds, reportTime}. */
export const deleteMultiTransaction = (body: DeleteMultiBody) =>
  post<CorrectionResponse>('/deleteMultiTransaction')(body);
/** POST /deleteTipMultiTransaction {deleteIds, reportTime}: removes tips, keeps the sales. */
export const deleteTipMultiTransaction = (body: DeleteMultiBody) =>
  post<CorrectionResponse>('/deleteTipMultiTransaction')(body);
/** POST /restoreTransaction {transactionId}. */
export const restoreTransaction = (body: RestoreTransactionBody) =>
  post<CorrectionResponse>('/restoreTransaction')(body);
/** POST /saveTransaction {price, transactionId, reportType, reportTime}. */
export const saveTransaction = (body: SaveTransactionBody) => post<CorrectionResponse>('/saveTransaction')(body);
/** POST /saveTip {tip, transactionId}. */
export const saveTip = (body: SaveTipBody) => post<CorrectionResponse>('/saveTip')(body);
/** POST /switchTransaction {customerId, reportType}. */
export const switchTransaction = (body: SwitchTransactionBody) => post<CorrectionResponse>('/switchTransaction')(body);

/** One hook for every correction: runs it, then refetches the reports. */
export function useCorrection<B>(fn: (body: B) => Promise<CorrectionResponse>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

/** POST /lookupTransaction {viewTransactionId}: 'View Transaction Details'. */
export const useTransactionDetail = (id: number | null) =>
  useQuery({
    queryKey: ['report', 'transaction', id] as const,
    queryFn: () => api<TransactionDetail>('/lookupTransaction', { method: 'POST', body: { viewTransactionId: id } }),
    enabled: id != null,
  });

/** POST /getTip {transactionId}. */
export const useTip = (id: number | null) =>
  useQuery({
    queryKey: ['report', 'tip', id] as const,
    queryFn: () => api<GetTipResponse>('/getTip', { method: 'POST', body: { transactionId: id } }),
    enabled: id != null,
  });

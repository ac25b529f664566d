import type { SaveEmailAddressesBody, SendEmailReportResponse } from '@sandbar/contract/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reportKeys } from './get-report';

/** GET /sendEmailReport/{type}/{timestamp}: queues the report to its subscribers (the outbox). */
export const sendEmailReport = (type: string, timestamp: number) =>
  api<SendEmailReportResponse>(`/sendEmailReport/${encodeURIComponent(type)}/${timestamp}`);

/** POST /saveEmailAddresses {emailAddresses, reportType}: the report's subscribers. */
export const saveEmailAddresses = (body: SaveEmailAddressesBody) =>
  api<{ success: 1; details: string; emailAddresses: string }>('/saveEmailAddresses', {
    method: 'POST',
    body,
    silent: true,
  });

export function useSaveEmailAddresses() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveEmailAddresses,
    onSuccess: () => qc.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

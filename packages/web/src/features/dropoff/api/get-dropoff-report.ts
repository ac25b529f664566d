import type { DropoffReport } from '@sandbar/contract/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const dropoffKeys = { report: ['dropoffReport'] as const };

/** GET /getDropoffReport: the signed-in agent's day. */
export const dropoffReportQuery = () =>
  queryOptions({ queryKey: dropoffKeys.report, queryFn: () => api<DropoffReport>('/getDropoffReport') });

export const useDropoffReport = () => useQuery(dropoffReportQuery());

import type { DropoffReport } from '@sandbar/contract/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const dropoffKeys = {
  all: ['dropoffReport'] as const,
  report: (agentId?: number) => ['dropoffReport', agentId ?? 'me'] as const,
};

/** GET /getDropoffReport (?agentId= for supervisors and admins): an agent's day. */
export const dropoffReportQuery = (agentId?: number) =>
  queryOptions({
    queryKey: dropoffKeys.report(agentId),
    queryFn: () => api<DropoffReport>(agentId ? `/getDropoffReport?agentId=${agentId}` : '/getDropoffReport'),
  });

export const useDropoffReport = (agentId?: number) => useQuery(dropoffReportQuery(agentId));

import type { ReportListResponse, ReportResponse, SaveReportListBody } from '@sandbar/contract/reports';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const reportConfigKeys = {
  all: ['reportConfig'] as const,
  one: (id: number) => ['reportConfig', id] as const,
};

/** GET /getReportList: every report with its subscribers. */
export const reportListQuery = queryOptions({
  queryKey: reportConfigKeys.all,
  queryFn: () => api<ReportListResponse>('/getReportList'),
});
export const useReportList = () => useQuery(reportListQuery);

/** GET /getReportList/{id}: one report config (pageMode editReport). */
export const useReportConfig = (id: number) =>
  useQuery({
    queryKey: reportConfigKeys.one(id),
    queryFn: () => api<ReportResponse>(`/getReportList/${id}`),
  });

/** POST /saveReportList {postData: id, name, emailAddresses}; pageMode saveReport returns to the list. */
export function useSaveReportList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveReportListBody) =>
      api<{ success: 1; details: string; pageMode: 'saveReport' }>('/saveReportList', {
        method: 'POST',
        body,
        silent: true,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: reportConfigKeys.all }),
  });
}

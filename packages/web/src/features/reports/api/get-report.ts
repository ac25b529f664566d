import type { ReportData } from '@sandbar/contract/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const reportKeys = {
  all: ['report'] as const,
  day: (type: string, timestamp: number) => ['report', 'day', type, timestamp] as const,
  search: (type: string, startMs: number, endMs: number) => ['report', 'search', type, startMs, endMs] as const,
};

/** GET /getReport/{type}/{timestamp}: one business day of a report (timestamp: epoch seconds). */
export const reportQuery = (type: string, timestamp: number) =>
  queryOptions({
    queryKey: reportKeys.day(type, timestamp),
    queryFn: () => api<ReportData>(`/getReport/${encodeURIComponent(type)}/${timestamp}`),
  });

export const useReport = (type: string | null, timestamp: number) =>
  useQuery({ ...reportQuery(type ?? '', timestamp), enabled: !!type, placeholderData: keepPreviousData });

/** GET /getSearchReport/{type}/{startMs}/{endMs}: a searchable type over a range of days. */
export const searchReportQuery = (type: string, startMs: number, endMs: number) =>
  queryOptions({
    queryKey: reportKeys.search(type, startMs, endMs),
    queryFn: () => api<ReportData>(`/getSearchReport/${encodeURIComponent(type)}/${startMs}/${endMs}`),
  });

export const useSearchReport = (search: { type: string; startMs: number; endMs: number } | null) =>
  useQuery({
    ...searchReportQuery(search?.type ?? '', search?.startMs ?? 0, search?.endMs ?? 0),
    enabled: !!search,
  });

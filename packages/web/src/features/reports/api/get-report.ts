import { type ReportData, searchPageRows } from '@sandbar/contract/reports';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
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

interface Search {
  type: string;
  startMs: number;
  endMs: number;
}

/** GET /getSearchReport/{type}/{startMs}/{endMs}[?after&limit]: one page of a searchable type over a range of days. */
function searchPage(s: Search, after: string | null, limit?: number): Promise<ReportData> {
  const q = new URLSearchParams();
  if (after) q.set('after', after);
  if (limit) q.set('limit', String(limit));
  const query = q.toString() ? `?${q}` : '';
  return api<ReportData>(`/getSearchReport/${encodeURIComponent(s.type)}/${s.startMs}/${s.endMs}${query}`);
}

/**
 * A search, page after page (decision 102): the list types answer 500 rows at a time with
 * `page.next`; the summary types answer whole, in one page. `data` joins the pages loaded so far.
 */
export function useSearchReport(search: Search | null) {
  const q = useInfiniteQuery({
    queryKey: reportKeys.search(search?.type ?? '', search?.startMs ?? 0, search?.endMs ?? 0),
    queryFn: ({ pageParam }) => searchPage(search!, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.page?.next ?? undefined,
    enabled: !!search,
  });
  const pages = q.data?.pages ?? [];
  return { ...q, data: pages.length ? joinPages(pages) : undefined };
}

/** Pages of one search as one report: their rows in order, the (whole-range) footer and count of the latest. */
export function joinPages(pages: ReportData[]): ReportData {
  const last = pages.at(-1)!;
  return pages.length === 1 ? last : { ...last, reportRows: pages.flatMap((p) => p.reportRows) };
}

/** The rest of a paged search after `data` (for a whole CSV), in the largest pages the server gives. */
export async function remainingPages(s: Search, data: ReportData): Promise<ReportData> {
  const pages = [data];
  let next = data.page?.next ?? null;
  while (next) {
    const p = await searchPage(s, next, searchPageRows.max);
    pages.push(p);
    next = p.page?.next ?? null;
  }
  return joinPages(pages);
}

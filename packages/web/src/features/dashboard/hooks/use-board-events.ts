import { type BoardEventMessage, type DashboardData, Unit } from '@sandbar/contract/units';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { connectivity } from '../../../lib/connectivity';
import { tokenStore } from '../../../lib/token';
import { unitsKeys } from '../api/keys';

/** More changed units than this in one event: refetch the day instead of patching tile by tile. */
const PATCH_LIMIT = 8;

/** Replaces one unit in a board, keeping every other unit object (so memoised tiles stay put). */
export function patchBoard(data: DashboardData, unit: Unit): DashboardData {
  return {
    ...data,
    locations: data.locations.map((l) =>
      l.id !== unit.locationId
        ? l
        : {
            ...l,
            units: l.units.map((row) =>
              row.some((u) => u.id === unit.id) ? row.map((u) => (u.id === unit.id ? unit : u)) : row,
            ),
          },
    ),
  };
}

/** Applies one live event to every cached board of that day: patch the changed tiles, or refetch. */
export async function applyBoardEvent(qc: QueryClient, e: BoardEventMessage): Promise<void> {
  for (const id of e.unitIds) await qc.invalidateQueries({ queryKey: ['units', 'unit', id] });
  if (e.type === 'unitNote' || e.type === 'unitLog') return;
  const boards = qc.getQueriesData<DashboardData>({ queryKey: unitsKeys.boards() });
  for (const [key, data] of boards) {
    if (!data) continue;
    if (e.day && data.currentDay !== e.day) continue;
    const searchTerm = key[3];
    if (e.type === 'resync' || !e.day || e.unitIds.length > PATCH_LIMIT || searchTerm) {
      await qc.invalidateQueries({ queryKey: key, exact: true });
      continue;
    }
    try {
      const fresh = await Promise.all(
        e.unitIds.map(async (id) =>
          Unit.parse(await api<unknown>(`/getUnit/${id}/${data.currentTime}`, { silent: true })),
        ),
      );
      qc.setQueryData<DashboardData>(key, (old) => (old ? fresh.reduce(patchBoard, old) : old));
    } catch {
      await qc.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}

/**
 * The live board (DESIGN.md section 5): an EventSource on /api/events. Each change patches the
 * changed tiles; after a dropped connection the day is refetched, since events may have been missed.
 */
export function useBoardEvents(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const token = tokenStore.get();
    if (!token || typeof EventSource === 'undefined') return;
    let es: EventSource | null = null;
    let opened = false;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      connectivity.setLive('connecting');
      es = new EventSource(`/api/events?token=${encodeURIComponent(token)}`);
      es.onopen = () => {
        // The top bar's dot; an open stream also proves the server is reachable again.
        connectivity.setLive('open');
        connectivity.reportReached();
        if (opened) void qc.invalidateQueries({ queryKey: unitsKeys.all });
        opened = true;
      };
      es.onmessage = (m: MessageEvent<string>) => {
        try {
          void applyBoardEvent(qc, JSON.parse(m.data) as BoardEventMessage);
        } catch {
          // a malformed message is ignored; the next change or reconnect brings the truth
        }
      };
      es.onerror = () => {
        connectivity.setLive(es?.readyState === EventSource.CLOSED ? 'closed' : 'connecting');
        // EventSource retries by itself; when the server refused outright, try again later.
        if (es?.readyState === EventSource.CLOSED && !stopped) {
          es.close();
          retry = setTimeout(connect, 3000);
        }
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      es?.close();
      connectivity.setLive('closed');
    };
  }, [qc]);
}

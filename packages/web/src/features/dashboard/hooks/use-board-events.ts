import { type BoardEventMessage, DashboardData, Unit } from '@sandbar/contract/units';
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

/** Replaces whole locations of a board (same ids), keeping the others' objects. */
export function replaceLocations(data: DashboardData, part: DashboardData): DashboardData {
  const fresh = new Map(part.locations.map((l) => [l.id, l]));
  return { ...data, locations: data.locations.map((l) => fresh.get(l.id) ?? l) };
}

/** Applies one live event to every cached board of that day: patch the changed tiles, or refetch. */
export async function applyBoardEvent(qc: QueryClient, e: BoardEventMessage): Promise<void> {
  // F&B (issue 35): an order moved, an item 86'd, a tab changed — the board's order markers and the
  // unit modal's orders refetch; no tile changes (these events name no units).
  if (e.type.startsWith('fnb')) {
    void qc.invalidateQueries({ queryKey: ['fnb'] });
    if (!e.unitIds.length) return;
  }
  if (e.type === 'resync') void qc.invalidateQueries({ queryKey: ['fnb'] });
  for (const id of e.unitIds) await qc.invalidateQueries({ queryKey: ['units', 'unit', id] });
  // The booking desk's grid, lists and payment links (issue 33 point 7: paid or expired by itself).
  if (e.type === 'reservation' || e.type === 'resync') void qc.invalidateQueries({ queryKey: ['bookings'] });
  if (e.type === 'unitNote' || e.type === 'unitLog') return;
  const boards = qc.getQueriesData<DashboardData>({ queryKey: unitsKeys.boards() });
  for (const [key, data] of boards) {
    if (!data) continue;
    if (e.day && data.currentDay !== e.day) continue;
    const searchTerm = key[3];
    const shown = e.locationIds?.filter((id) => data.locations.some((l) => l.id === id)) ?? [];
    // Many units of some of the locations shown (a cart released, a booking moved): refetch only
    // those locations' part of the day (issue 25: a 5,000-unit day is 3 MiB; one location 90 KiB).
    // The board stays whole in the cache, so the tablet's offline copy keeps every location.
    if (
      e.type !== 'resync' &&
      e.day &&
      !searchTerm &&
      e.unitIds.length > PATCH_LIMIT &&
      shown.length > 0 &&
      shown.length < data.locations.length
    ) {
      try {
        const day = key[2] === 'today' ? '' : `/${String(key[2])}`;
        const part = DashboardData.parse(
          await api<unknown>(`/getUnits${day}?locationIds=${shown.join(',')}`, { silent: true }),
        );
        qc.setQueryData<DashboardData>(key, (old) => (old ? replaceLocations(old, part) : old));
      } catch {
        await qc.invalidateQueries({ queryKey: key, exact: true });
      }
      continue;
    }
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

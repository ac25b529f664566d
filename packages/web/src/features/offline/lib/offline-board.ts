import type { DashboardData, UnitDetail } from '@sandbar/contract/units';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { setOfflineReadFallback } from '../../../lib/api';
import { connectivity } from '../../../lib/connectivity';
import { type Snapshot, offlineDb } from '../../../lib/offline-db';
import { sentLedger } from '../../../lib/sent-ledger';
import { spaced } from '../../../lib/spaced';

/**
 * The offline board (issue 13): the user, today's board (with the live patches it received), the
 * sale catalogue (prices and hotels) and the agent's own Notes/Drops (issue 23) are written to IndexedDB as they change. A read is
 * answered from them only when the server cannot be reached, so a tablet online never sees a stale
 * answer; when the server answers again every query refetches and the banner goes.
 */
const userKey = JSON.stringify(['auth', 'user']);
const boardKey = JSON.stringify(['units', 'board', 'today', '']);
const catalogueKey = JSON.stringify(['saleCatalogue']);
/** The signed-in agent's own Notes/Drops (issue 23): offline, the last known figures. */
const dropoffKey = JSON.stringify(['dropoffReport', 'me']);
const keptKeys = new Set([userKey, boardKey, catalogueKey, dropoffKey]);
/** The least time between two refetch-everything's after reconnecting (see installOfflineBoard). */
const RECONNECT_REFRESH_GAP_MS = 10_000;

/** Which kept answer stands in for a failed read (by the call's path). */
function keyForPath(path: string): string | null {
  const p = path.split('?')[0] ?? '';
  if (p === '/auth/user' || p.startsWith('/auth/user/')) return userKey;
  if (path === '/getUnits') return boardKey;
  if (p === '/getSaleCatalogue') return catalogueKey;
  if (path === '/getDropoffReport') return dropoffKey;
  return null;
}

let snapshots: Promise<Map<string, Snapshot>> | null = null;
/** Kept answers just handed out offline: their cache update must not be saved as fresh. */
const servedOffline = new Set<string>();

function loadSnapshots(): Promise<Map<string, Snapshot>> {
  snapshots ??= offlineDb()
    .then((db) => db.getAll('snapshots'))
    .then((all) => new Map(all.map((s) => [s.key, s])))
    .catch(() => new Map<string, Snapshot>());
  void snapshots.then((m) => setBoardAsOf(m.get(boardKey)?.updatedAt ?? null));
  return snapshots;
}

// "The board as of hh:mm": when the kept board last matched the server.
let boardAsOf: number | null = null;
const boardListeners = new Set<() => void>();
function setBoardAsOf(at: number | null): void {
  boardAsOf = at;
  for (const l of boardListeners) l();
}
export function useBoardAsOf(): number | null {
  return useSyncExternalStore(
    (l) => {
      boardListeners.add(l);
      return () => boardListeners.delete(l);
    },
    () => boardAsOf,
  );
}

async function save(key: string, data: unknown, updatedAt: number): Promise<void> {
  const map = await loadSnapshots();
  map.set(key, { key, data, updatedAt });
  if (key === boardKey) setBoardAsOf(updatedAt);
  try {
    await (await offlineDb()).put('snapshots', { key, data, updatedAt });
  } catch {
    // no IndexedDB (private mode): the tablet simply has no offline board
  }
}

/** Forgets everything kept (sign-out, or a 401). */
export async function clearSnapshots(): Promise<void> {
  (await loadSnapshots()).clear();
  // What the tablet sent (issue 32) is kept in the same store: it goes with the user too.
  sentLedger.clear();
  setBoardAsOf(null);
  try {
    await (await offlineDb()).clear('snapshots');
  } catch {
    // nothing kept
  }
}

/** An open unit, offline: its tile from the kept board (notes and logs need the server). */
export function unitFromBoard(board: DashboardData, id: number): UnitDetail | null {
  for (const l of board.locations)
    for (const row of l.units)
      for (const u of row)
        if (u.id === id) {
          return {
            ...u,
            day: board.currentDay,
            currentTime: board.currentTime,
            loadTime: 0,
            editable: board.editable,
            notes: [],
            logs: [],
          };
        }
  return null;
}

async function offlineAnswer(path: string): Promise<unknown> {
  const map = await loadSnapshots();
  const key = keyForPath(path);
  if (key) {
    const snap = map.get(key);
    if (!snap) return undefined;
    servedOffline.add(key);
    return snap.data;
  }
  const unit = /^\/getUnit\/(\d+)$/.exec(path);
  const board = map.get(boardKey)?.data as DashboardData | undefined;
  if (unit && board) return unitFromBoard(board, Number(unit[1])) ?? undefined;
  return undefined;
}

/** Wires the query cache and the API client to the tablet's store; returns an unsubscribe. */
export function installOfflineBoard(qc: QueryClient): () => void {
  void loadSnapshots();
  setOfflineReadFallback(offlineAnswer);
  const unsubscribe = qc.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key = JSON.stringify(event.query.queryKey as QueryKey);
    if (!keptKeys.has(key)) return;
    if (servedOffline.delete(key)) return;
    // Signed out (or a 401): nothing of that user stays on the tablet.
    if (key === userKey && event.action.data == null) void clearSnapshots();
    else if (event.action.data !== undefined) void save(key, event.action.data, Date.now());
  });
  // Back online, every query refetches once — but at most every few seconds. On a flaky link the
  // tablet "reconnects" many times a minute (one request fails, the next answers), and refetching
  // every query each time fed itself: more requests, more failures, more reconnections. Two tablets
  // on such a link sent ~15 requests a second and their sales stalled behind them (offline-faults'
  // flaky shift, once the unit modal and the board gained their F&B reads).
  const refresh = spaced(() => void qc.invalidateQueries(), RECONNECT_REFRESH_GAP_MS);
  const offReconnect = connectivity.onReconnect(refresh);
  return () => {
    unsubscribe();
    offReconnect();
    setOfflineReadFallback(async () => undefined);
  };
}

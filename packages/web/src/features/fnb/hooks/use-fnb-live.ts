import type { BoardEventMessage } from '@sandbar/contract/units';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { connectivity } from '../../../lib/connectivity';
import { tokenStore } from '../../../lib/token';
import { fnbKeys } from '../api/keys';

/** Epoch seconds or milliseconds, as milliseconds. */
export const toMs = (t: number) => (t < 1e12 ? t * 1000 : t);

/**
 * The F&B screens' live channel (a station tablet, the runner's phone, Admin → Menu): the board's
 * own stream, GET /api/events. Every fnb* event refetches the F&B queries (an order placed, bumped,
 * delivered; an item 86'd). The stream reconnects by itself; while it is down the screen says since
 * when (`offlineSince`), and on reconnect everything is refetched, since events may have been missed.
 */
export function useFnbLive(onEvent?: (e: BoardEventMessage) => void): { offlineSince: number | null } {
  const qc = useQueryClient();
  const [offlineSince, setOfflineSince] = useState<number | null>(null);
  const handler = useRef(onEvent);
  handler.current = onEvent;
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
        connectivity.setLive('open');
        connectivity.reportReached();
        setOfflineSince(null);
        if (opened) void qc.invalidateQueries({ queryKey: fnbKeys.all });
        opened = true;
      };
      es.onmessage = (m: MessageEvent<string>) => {
        try {
          const e = JSON.parse(m.data) as BoardEventMessage;
          if (e.type === 'resync' || e.type.startsWith('fnb')) {
            void qc.invalidateQueries({ queryKey: fnbKeys.all });
            handler.current?.(e);
          }
        } catch {
          // a malformed message is ignored; the next change or reconnect brings the truth
        }
      };
      es.onerror = () => {
        setOfflineSince((s) => s ?? Date.now());
        connectivity.setLive(es?.readyState === EventSource.CLOSED ? 'closed' : 'connecting');
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
  return { offlineSince };
}

import type { DropoffReport } from '@sandbar/contract/sales';
import { businessDay } from '@sandbar/contract/rules/time';
import { useSyncExternalStore } from 'react';
import { offlineDb } from './offline-db';

/**
 * What this tablet sent that moves the agent's cash on hand (issue 32): each cash sale and each
 * drop-off the server recorded, online or from the queue, with the server's ids for it. Offline,
 * Notes/Drops shows the figures the tablet last had; a sale sent after them (say six queued sales
 * sent when the link came back, with the screen closed) is not in those figures, so the screen
 * adds what is here and not in them. Kept in the tablet's store under its own key, cleared with
 * the kept answers at sign-out; entries older than a day and a half are dropped.
 */
export interface SentEntry {
  /** The sale's ourTransactionId, the drop-off's clientKey. */
  id: string;
  kind: 'sale' | 'dropoff';
  /** Cents it moved: a cash sale with its tip in (positive), a drop-off out (negative). */
  cashCents: number;
  /** The ids Notes/Drops lists it by: a sale's customer rows, a drop-off's id. */
  customerIds: number[];
  dropoffId: number | null;
  /** When the server's answer reached the tablet (ms, the tablet's clock). */
  sentAt: number;
  /** A customer's name, a drop-off's notes. */
  label: string;
}

/** The key in the kept-answers store (never a query's key: those are JSON arrays). */
export const ledgerKey = 'sentLedger';
const KEEP_MS = 36 * 3600_000;
/**
 * A report's answer left the server at most this long before the tablet kept it (the read's
 * deadline, with room): what the server recorded before that is in the figures.
 */
export const REPORT_SLACK_MS = 30_000;

let entries: SentEntry[] = [];
let loaded: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: SentEntry[]): void {
  entries = next;
  for (const l of listeners) l();
}

async function write(): Promise<void> {
  try {
    await (await offlineDb()).put('snapshots', { key: ledgerKey, data: entries, updatedAt: Date.now() });
  } catch {
    // no IndexedDB: the entries live as long as the page
  }
}

export const sentLedger = {
  get: (): SentEntry[] => entries,
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Reads the kept entries once (a reload keeps them). */
  load(): Promise<void> {
    loaded ??= offlineDb()
      .then((db) => db.get('snapshots', ledgerKey))
      .then((kept) => {
        const old = (kept?.data as SentEntry[] | undefined) ?? [];
        const known = new Set(entries.map((e) => e.id));
        set([...old.filter((e) => !known.has(e.id)), ...entries]);
      })
      .catch(() => undefined);
    return loaded;
  },
  /** Notes something the server recorded; written behind the caller (never holds a sale up). */
  record(entry: SentEntry): void {
    void (async () => {
      await sentLedger.load();
      const cut = Date.now() - KEEP_MS;
      set([...entries.filter((e) => e.id !== entry.id && e.sentAt >= cut), entry]);
      await write();
    })();
  },
  /** Forgets everything (sign-out, a 401): the next user starts clean. */
  clear(): void {
    set([]);
  },
};

/**
 * Of what the tablet sent, what a kept Notes/Drops answer does not count: sent after that answer
 * left the server (less REPORT_SLACK_MS; unknown: any time), on the answer's day, and not listed
 * in it by id. A sale an admin deleted before the answer is neither listed nor counted again.
 */
export function sentSince(
  all: SentEntry[],
  report: Pick<DropoffReport, 'day' | 'customers' | 'dropOffs'>,
  keptAt: number | null,
  timeZone: string,
): SentEntry[] {
  const customers = new Set(report.customers.map((c) => c.id));
  const drops = new Set(report.dropOffs.map((d) => d.id));
  const from = keptAt === null ? -Infinity : keptAt - REPORT_SLACK_MS;
  return all
    .filter((e) => e.sentAt >= from && businessDay(e.sentAt, timeZone) === report.day)
    .filter((e) =>
      e.kind === 'dropoff'
        ? e.dropoffId === null || !drops.has(e.dropoffId)
        : !e.customerIds.some((id) => customers.has(id)),
    )
    .sort((a, b) => a.sentAt - b.sentAt);
}

export function useSentLedger(): SentEntry[] {
  return useSyncExternalStore(sentLedger.subscribe, sentLedger.get, sentLedger.get);
}

import { offlinePaymentMethods } from '@sandbar/contract/offline';
import type { FnbOrderResponse, SaveFnbOrderBody } from '@sandbar/contract/fnb';
import type {
  SaveCustomerBody,
  SaveCustomerResponse,
  SaveDropoffNotesBody,
  SaveDropoffNotesResponse,
} from '@sandbar/contract/sales';
import { useSyncExternalStore } from 'react';
import { ApiError, api, isNetworkError } from './api';
import { connectivity } from './connectivity';
import i18n from 'i18next';
import { toastError, toastSuccess } from './notify';
import {
  type QueuedDropoff,
  type QueuedFnbOrder,
  type QueuedItem,
  type QueuedSale,
  isQueuedFnbOrder,
  isQueuedSale,
  offlineDb,
} from './offline-db';
import { sentLedger } from './sent-ledger';

/**
 * Sales taken while the server is unreachable (issue 13). Cash and voucher sales go into a
 * durable queue in IndexedDB (it survives a reload, closing the app and restarting the tablet)
 * with their ourTransactionId and the moment they were taken. When the server answers again the
 * queue is sent oldest first; each send is idempotent (ourTransactionId), retried with back-off on
 * a network failure or a 5xx and never after a 4xx: a refused sale stays on the tablet, marked,
 * for a supervisor to export. Drop-offs made offline (issue 23) wait in the same queue, in the
 * order they were made among the sales, idempotent by their clientKey.
 */
export interface QueueState {
  items: QueuedItem[];
  sending: boolean;
  /**
   * Sales the server has just recorded whose board has not been refetched yet: their tiles stay
   * pending until the board shows them sold (issue 23: never a white tile in between).
   */
  confirming: QueuedItem[];
}

const MAX_BACKOFF_MS = 30_000;
/**
 * A cash or voucher sale gets this long (both tries) before it goes into the queue: the guest has
 * paid, the attendant must know within seconds (issue 23). A late answer and the queued send are
 * one sale on the server (ourTransactionId).
 */
export const SALE_DEADLINE_MS = 7000;
/**
 * The most a cash or voucher sale may take from COMPLETE SALE to its outcome, whatever stalls on
 * the way (issue 23: no spinner over 10 s): past it the request is abandoned and the sale queued
 * with its ourTransactionId (a late answer and the queued send are one sale on the server).
 */
export const SALE_OUTCOME_MS = 8000;
/**
 * How long "Saved on this tablet" waits for IndexedDB to confirm the write. The sale is in the
 * queue in memory at once (its tile pending, the counter counting it, the queue sending it); a
 * write slowed by a busy tablet finishes behind the message instead of holding the wizard open.
 */
export const DURABLE_WAIT_MS = 1500;
let state: QueueState = { items: [], sending: false, confirming: [] };
const listeners = new Set<() => void>();
const sentListeners = new Set<() => void | Promise<unknown>>();
let loaded: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let backoff = 1000;

function set(next: Partial<QueueState>): void {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export const isQueueable = (paymentMethod: string): boolean =>
  (offlinePaymentMethods as readonly string[]).includes(paymentMethod);

const centsOf = (v: unknown) => Math.round(Number(v ?? 0) * 100);

/**
 * A cash sale the server recorded, for Notes/Drops offline (issue 32: lib/sent-ledger.ts). Taken
 * from the answer as far as it goes: nothing here may turn a recorded sale into a failure.
 */
function noteSentSale(body: SaveCustomerBody, answer: Partial<SaveCustomerResponse> | null): void {
  if (body.customerData.paymentMethod !== 'Cash') return;
  const d = body.customerData;
  sentLedger.record({
    id: d.ourTransactionId,
    kind: 'sale',
    cashCents: answer?.total !== undefined ? centsOf(answer.total) : centsOf(d.orderTotal) + centsOf(d.tipAmount),
    customerIds: answer?.customerIds ?? [],
    dropoffId: null,
    sentAt: Date.now(),
    label: d.customerName ?? '',
  });
}

/** An F&B order paid now in cash (issue 35 point 8: it counts on the taker's Notes/Drops), likewise. */
function noteSentFnbOrder(body: SaveFnbOrderBody): void {
  if (body.payment !== 'paid' || body.paymentMethod !== 'Cash') return;
  sentLedger.record({
    id: body.clientOrderId,
    kind: 'sale',
    cashCents: body.totalCents + (body.tipCents ?? 0),
    customerIds: [],
    dropoffId: null,
    sentAt: Date.now(),
    label: body.guestName ?? '',
  });
}

/** A drop-off the server recorded, likewise. */
function noteSentDropoff(
  body: SaveDropoffNotesBody & { clientKey?: string },
  answer: Partial<SaveDropoffNotesResponse> | null,
): void {
  sentLedger.record({
    id: body.clientKey ?? `dropoff-${answer?.id ?? Date.now()}`,
    kind: 'dropoff',
    cashCents: -centsOf(body.dropoffAmount),
    customerIds: [],
    dropoffId: answer?.id ?? null,
    sentAt: Date.now(),
    label: body.dropoffNotes ?? '',
  });
}

/**
 * What the wizard gets back for a sale kept on the tablet: the answer's shape (so the wizard
 * completes as usual), with `queued` set and no server ids yet.
 */
export type QueuedResult = SaveCustomerResponse & { queued: true };

function queuedResult(sale: QueuedSale): QueuedResult {
  const d = sale.body.customerData;
  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  const money = (c: number) => (c / 100).toFixed(2);
  return {
    queued: true,
    status: 1,
    saleId: 0,
    ourTransactionId: sale.id,
    receiptId: '',
    receiptUrl: '',
    unitIds: sale.unitIds,
    customerIds: [],
    orderTotal: money(cents(d.orderTotal)),
    tipAmount: money(cents(d.tipAmount)),
    total: money(cents(d.orderTotal) + cents(d.tipAmount)),
    retailRate: money(0),
    replayed: false,
  };
}

async function readAll(): Promise<QueuedItem[]> {
  try {
    return await (await offlineDb()).getAllFromIndex('sales', 'bySeq');
  } catch {
    return [];
  }
}

export const saleQueue = {
  get: (): QueueState => state,
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Runs after each sale the server recorded (refresh the board). */
  onSent(l: () => void | Promise<unknown>): () => void {
    sentListeners.add(l);
    return () => sentListeners.delete(l);
  },
  /** Reads the queue kept on the tablet (once), then sends it if the server answers. */
  load(): Promise<void> {
    loaded ??= readAll().then((items) => {
      // Anything queued while the read was under way stays (the read may not have seen it).
      const kept = new Set(items.map((i) => i.id));
      set({ items: [...items, ...state.items.filter((i) => !kept.has(i.id))].sort((a, b) => a.seq - b.seq) });
      if (items.some((i) => !i.refused)) void saleQueue.flush();
    });
    return loaded;
  },
  /** Keeps a sale on the tablet: it is sent when the link returns. */
  async enqueue(body: SaveCustomerBody, meta: { unitIds: number[]; label: string }): Promise<QueuedResult> {
    const until = Date.now() + DURABLE_WAIT_MS;
    await within(saleQueue.load(), DURABLE_WAIT_MS);
    const takenAt = body.customerData.takenAt ?? Date.now();
    const id = body.customerData.ourTransactionId;
    const sale: QueuedSale = {
      id,
      seq: Math.max(0, ...state.items.map((i) => i.seq)) + 1,
      takenAt,
      body: { customerData: { ...body.customerData, takenAt } },
      unitIds: meta.unitIds,
      label: meta.label,
      refused: null,
    };
    set({ items: [...state.items.filter((i) => i.id !== id), sale] });
    // Durable before the wizard says "saved" (the money is in the guest's hand already), unless
    // IndexedDB is slow to confirm: then the write finishes behind the message (DURABLE_WAIT_MS).
    await within(durably(sale), until - Date.now());
    scheduleRetry(MAX_BACKOFF_MS / 6);
    // No toast here: the wizard says it once ("Saved on this tablet…"), not twice (issue 23).
    return queuedResult(sale);
  },
  /**
   * Keeps a drop-off on the tablet (issue 23): sent in order with the sales when the link returns.
   * The agent confirmed it against the figures the tablet had, so the server does not ask again.
   */
  async enqueueDropoff(body: SaveDropoffNotesBody & { clientKey: string }, label: string): Promise<QueuedDropoff> {
    const until = Date.now() + DURABLE_WAIT_MS;
    await within(saleQueue.load(), DURABLE_WAIT_MS);
    const takenAt = body.takenAt ?? Date.now();
    const item: QueuedDropoff = {
      kind: 'dropoff',
      id: body.clientKey,
      seq: Math.max(0, ...state.items.map((i) => i.seq)) + 1,
      takenAt,
      body: { ...body, takenAt, confirmOverCashOnHand: true },
      unitIds: [],
      label,
      refused: null,
    };
    set({ items: [...state.items.filter((i) => i.id !== item.id), item] });
    await within(durably(item), until - Date.now());
    scheduleRetry(MAX_BACKOFF_MS / 6);
    return item;
  },
  /** Keeps a staff F&B order on the tablet (issue 35 point 6): sent in order with the sales. */
  async enqueueFnbOrder(body: SaveFnbOrderBody, label: string): Promise<QueuedFnbOrder> {
    const until = Date.now() + DURABLE_WAIT_MS;
    await within(saleQueue.load(), DURABLE_WAIT_MS);
    const takenAt = body.takenAt ?? Date.now();
    const item: QueuedFnbOrder = {
      kind: 'fnbOrder',
      id: body.clientOrderId,
      seq: Math.max(0, ...state.items.map((i) => i.seq)) + 1,
      takenAt,
      body: { ...body, takenAt },
      unitIds: [],
      label,
      refused: null,
    };
    set({ items: [...state.items.filter((i) => i.id !== item.id), item] });
    await within(durably(item), until - Date.now());
    scheduleRetry(MAX_BACKOFF_MS / 6);
    return item;
  },
  /** Sends waiting sales and drop-offs oldest first; stops at the first network failure, tries later. */
  async flush(): Promise<void> {
    if (state.sending) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    set({ sending: true });
    let sent = 0;
    let sentDropoffs = 0;
    const confirmed: QueuedItem[] = [];
    try {
      for (const sale of [...state.items].sort((a, b) => a.seq - b.seq)) {
        if (sale.refused) continue;
        try {
          const answer = await api<SaveCustomerResponse | SaveDropoffNotesResponse | FnbOrderResponse>(
            isQueuedSale(sale) ? '/saveCustomer' : isQueuedFnbOrder(sale) ? '/saveFnbOrder' : '/saveDropoffNotes',
            { method: 'POST', body: sale.body, silent: true, attempts: 1 },
          );
          if (isQueuedSale(sale)) noteSentSale(sale.body, answer as SaveCustomerResponse);
          else if (isQueuedFnbOrder(sale)) noteSentFnbOrder(sale.body);
          else noteSentDropoff(sale.body, answer as SaveDropoffNotesResponse);
          await (await offlineDb()).delete('sales', sale.id);
          confirmed.push(sale);
          set({ items: state.items.filter((i) => i.id !== sale.id), confirming: [...state.confirming, sale] });
          if (sale.kind === 'dropoff') sentDropoffs++;
          else sent++;
          backoff = 1000;
        } catch (err) {
          if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401) {
            // Refused (too old, a price that no longer exists…): never resent by itself.
            const refused = { ...sale, refused: err.details };
            await (await offlineDb()).put('sales', refused);
            set({ items: state.items.map((i) => (i.id === sale.id ? refused : i)) });
            toastError(err.details, sale.label);
            continue;
          }
          // No answer, a 5xx, or signed out: keep it and try again with back-off.
          if (!isNetworkError(err) && !(err instanceof ApiError)) throw err;
          scheduleRetry(backoff);
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
          break;
        }
      }
    } finally {
      set({ sending: false });
      if (sent + sentDropoffs > 0) {
        // One toast for the whole send: sales and drop-offs in one message.
        toastSuccess(
          [
            ...(sent > 0 ? [i18n.t('offline.sentCount', { count: sent })] : []),
            ...(sentDropoffs > 0 ? [i18n.t('offline.sentDropoffs', { count: sentDropoffs })] : []),
          ].join(' '),
        );
        // The tiles stay pending until the board is refetched with these sales on it.
        await Promise.allSettled([...sentListeners].map((l) => l()));
        set({ confirming: state.confirming.filter((c) => !confirmed.includes(c)) });
      }
    }
  },
  /** The refused sales as JSON, for a supervisor to record by hand. */
  exportRefused(): string {
    return JSON.stringify(
      state.items.filter((i) => i.refused),
      null,
      2,
    );
  },
};

/** Waits for `p`, but no longer than `ms` (its failure is the caller's to handle elsewhere). */
function within(p: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, Math.max(0, ms));
    void p.then(
      () => {
        clearTimeout(t);
        resolve();
      },
      () => {
        clearTimeout(t);
        resolve();
      },
    );
  });
}

/** Writes a queued item to IndexedDB; a failed write is retried once, then said. */
async function durably(item: QueuedItem): Promise<void> {
  try {
    await (await offlineDb()).put('sales', item);
  } catch {
    try {
      await (await offlineDb()).put('sales', item);
    } catch {
      // In memory only: sent while the app stays open, lost if it is closed before.
      toastError(i18n.t('offline.notKept'), item.label);
    }
  }
}

function scheduleRetry(ms: number): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    if (connectivity.get().online) void saleQueue.flush();
    else scheduleRetry(ms);
  }, ms);
}

if (typeof window !== 'undefined') connectivity.onReconnect(() => void saleQueue.flush());

/**
 * POST /saveCustomer, or — for cash and voucher when the server cannot be reached — into the
 * queue. A sale the server refused (4xx) is never queued: the wizard shows why (no toast besides).
 */
export async function saveOrQueueSale(
  body: SaveCustomerBody,
  meta: { unitIds: number[]; label: string },
): Promise<SaveCustomerResponse> {
  const queueable = isQueueable(body.customerData.paymentMethod);
  if (queueable && !connectivity.get().online) return saleQueue.enqueue(body, meta);
  // The outcome's own clock (queueable sales): the API client's deadline bounds its attempts,
  // this bounds whatever else a busy tablet can stall on before the answer is in hand.
  const giveUp = new AbortController();
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const outOfTime = new Promise<never>((_resolve, reject) => {
    if (!queueable) return;
    watchdog = setTimeout(() => {
      giveUp.abort();
      reject(new SaleOutOfTime());
    }, SALE_OUTCOME_MS);
  });
  try {
    const answer = await Promise.race([
      api<SaveCustomerResponse>('/saveCustomer', {
        method: 'POST',
        body,
        // No toast: the wizard says the outcome once, in place (issue 23 point 7): "Saved on this
        // tablet…", or the refusal or failure at COMPLETE SALE with its retry.
        silent: true,
        // A queueable sale waits less for a dead link: the queue sends it again later. Card and
        // room charge keep the action's deadline, then the wizard offers a retry (same id).
        ...(queueable ? { attempts: 2, deadlineMs: SALE_DEADLINE_MS, signal: giveUp.signal } : {}),
      }),
      outOfTime,
    ]);
    noteSentSale(body, answer);
    return answer;
  } catch (err) {
    if (queueable && (isNetworkError(err) || giveUp.signal.aborted)) {
      if (giveUp.signal.aborted) connectivity.reportNetworkFailure();
      return saleQueue.enqueue(body, meta);
    }
    throw err;
  } finally {
    clearTimeout(watchdog);
  }
}

/** A queueable sale that had no outcome within SALE_OUTCOME_MS. */
class SaleOutOfTime extends Error {}

/**
 * POST /saveDropoffNotes with the tablet's key, or — when the server cannot be reached (known
 * offline, no answer in time) — into the queue with the same key: a late success and the queued
 * send are one drop-off on the server. A refusal (4xx, e.g. "more than the cash on hand") is the
 * form's to show. Returns the server's answer, or null when the drop-off was queued.
 */
export async function saveOrQueueDropoff(
  body: SaveDropoffNotesBody & { clientKey: string },
  label: string,
): Promise<SaveDropoffNotesResponse | null> {
  const taken = { ...body, takenAt: body.takenAt ?? Date.now() };
  if (!connectivity.get().online) {
    await saleQueue.enqueueDropoff(taken, label);
    return null;
  }
  try {
    // Sent without takenAt online: it counts now, as always; the queue keeps the moment.
    const answer = await api<SaveDropoffNotesResponse>('/saveDropoffNotes', {
      method: 'POST',
      body,
      silent: true,
      attempts: 2,
      deadlineMs: SALE_DEADLINE_MS,
    });
    noteSentDropoff(body, answer);
    return answer;
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    await saleQueue.enqueueDropoff(taken, label);
    return null;
  }
}

/**
 * POST /saveFnbOrder, or — an order to the tab, or paid now in cash or by voucher, when the server
 * cannot be reached — into the queue with the same clientOrderId (a late answer and the queued
 * send are one order). Card and room need the server. Returns the answer, or null when queued.
 */
export async function saveOrQueueFnbOrder(body: SaveFnbOrderBody, label: string): Promise<FnbOrderResponse | null> {
  const queueable = body.payment === 'tab' || (body.payment === 'paid' && isQueueable(body.paymentMethod ?? ''));
  if (queueable && !connectivity.get().online) {
    await saleQueue.enqueueFnbOrder(body, label);
    return null;
  }
  try {
    const answer = await api<FnbOrderResponse>('/saveFnbOrder', {
      method: 'POST',
      body,
      silent: true,
      ...(queueable ? { attempts: 2, deadlineMs: SALE_DEADLINE_MS } : {}),
    });
    noteSentFnbOrder(body);
    return answer;
  } catch (err) {
    if (!queueable || !isNetworkError(err)) throw err;
    await saleQueue.enqueueFnbOrder(body, label);
    return null;
  }
}

export function useSaleQueue(): QueueState {
  return useSyncExternalStore(saleQueue.subscribe, saleQueue.get, saleQueue.get);
}

/** Units with a sale waiting on this tablet (the tile's "pending" mark). */
export function useUnitPending(unitId: number): boolean {
  return useSyncExternalStore(saleQueue.subscribe, () => pendingSaleOf(state, unitId) !== null);
}

/** The sale waiting on this tablet (or just sent, board not yet refetched) for a unit, if any. */
export function pendingSaleOf(s: QueueState, unitId: number): QueuedSale | null {
  return (
    [...s.items, ...s.confirming]
      .filter(isQueuedSale)
      .filter((i) => !i.refused && i.unitIds.includes(unitId))
      .sort((a, b) => b.seq - a.seq)[0] ?? null
  );
}

/** The unit's pending sale, kept in step with the queue (the unit modal's "pending" view). */
export function usePendingSale(unitId: number): QueuedSale | null {
  return useSyncExternalStore(saleQueue.subscribe, () => pendingSaleOf(state, unitId));
}

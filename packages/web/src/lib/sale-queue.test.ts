import 'fake-indexeddb/auto';
import type { SaveCustomerBody } from '@sandbar/contract/sales';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivity } from './connectivity';

// The tablet's sale queue (issue 13): durable, sent in order, each once; back-off on network
// failures, never resent after a refusal.
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const sale = (id: string, unitId: number): SaveCustomerBody => ({
  customerData: {
    ourTransactionId: id,
    unitId,
    paymentMethod: 'Cash',
    customerName: 'Pat',
    orderTotal: '30.00',
    tipAmount: '0.00',
  },
});

async function freshQueue() {
  vi.resetModules();
  return import('./sale-queue');
}

describe('sale queue', () => {
  beforeEach(async () => {
    const { offlineDb } = await import('./offline-db');
    await (await offlineDb()).clear('sales');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    connectivity.reportReached();
  });

  it('queues a drop-off made offline among the sales, with its key, and sends all in the order taken', async () => {
    const { saveOrQueueSale, saveOrQueueDropoff, saleQueue } = await freshQueue();
    const { connectivity: conn } = await import('./connectivity');
    // Online, but the request never gets an answer: the drop-off is queued with the same key.
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await saveOrQueueSale(sale('tx-ddddddd1', 1), { unitIds: [1], label: 'one' });
    const r = await saveOrQueueDropoff({ dropoffAmount: '20', dropoffNotes: 'lunch', clientKey: 'drop-key-1' }, 'drop');
    expect(r).toBeNull();
    await saveOrQueueSale(sale('tx-ddddddd2', 2), { unitIds: [2], label: 'two' });
    expect(saleQueue.get().items.map((i) => [i.kind ?? 'sale', i.id])).toEqual([
      ['sale', 'tx-ddddddd1'],
      ['dropoff', 'drop-key-1'],
      ['sale', 'tx-ddddddd2'],
    ]);
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body ?? '{}'));
        if (url === '/api/saveCustomer') sent.push(body.customerData.ourTransactionId);
        if (url === '/api/saveDropoffNotes') {
          // Confirmed on the tablet already; the moment it was made travels with it.
          expect(body).toMatchObject({ clientKey: 'drop-key-1', confirmOverCashOnHand: true });
          expect(typeof body.takenAt).toBe('number');
          sent.push(body.clientKey);
        }
        return json(200, { status: 1, success: 1, id: 1, details: 'ok' });
      }),
    );
    conn.reportReached();
    await saleQueue.flush();
    await vi.waitFor(() => expect(saleQueue.get().items).toEqual([]));
    expect(sent).toEqual(['tx-ddddddd1', 'drop-key-1', 'tx-ddddddd2']);
  });

  it('keeps cash sales taken offline durably, then sends them in order, each once', async () => {
    const { saveOrQueueSale, saleQueue } = await freshQueue();
    const { connectivity: conn } = await import('./connectivity');
    conn.reportNetworkFailure();
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    const r1 = await saveOrQueueSale(sale('tx-aaaaaaa1', 1), { unitIds: [1], label: 'one' });
    await saveOrQueueSale(sale('tx-aaaaaaa2', 2), { unitIds: [2], label: 'two' });
    expect(r1).toMatchObject({ queued: true, ourTransactionId: 'tx-aaaaaaa1', total: '30.00' });
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/saveCustomer')).toHaveLength(0);
    expect(saleQueue.get().items.map((i) => i.id)).toEqual(['tx-aaaaaaa1', 'tx-aaaaaaa2']);
    const first = saleQueue.get().items[0]!;
    expect(first.kind === 'dropoff' || first.kind === 'fnbOrder' ? null : typeof first.body.customerData.takenAt).toBe(
      'number',
    );

    // A reload: a new module instance reads the same queue back from IndexedDB.
    const reloaded = await freshQueue();
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/saveCustomer') {
          sent.push(JSON.parse(String(init.body)).customerData.ourTransactionId);
          return json(200, { status: 1 });
        }
        return json(200, { status: 'ok' });
      }),
    );
    // Loading a queue that has sales sends them (the server answers).
    await reloaded.saleQueue.load();
    await vi.waitFor(() => expect(reloaded.saleQueue.get().items).toEqual([]));
    expect(sent).toEqual(['tx-aaaaaaa1', 'tx-aaaaaaa2']);
    expect(reloaded.saleQueue.get().items).toEqual([]);
    const { offlineDb } = await import('./offline-db');
    expect(await (await offlineDb()).count('sales')).toBe(0);
  });

  it('a refused sale (4xx) stays on the tablet, marked, and is never resent; a network failure waits', async () => {
    const { saleQueue } = await freshQueue();
    const { connectivity: conn } = await import('./connectivity');
    conn.reportNetworkFailure();
    await saleQueue.enqueue(sale('tx-bbbbbbb1', 1), { unitIds: [1], label: 'old' });
    await saleQueue.enqueue(sale('tx-bbbbbbb2', 2), { unitIds: [2], label: 'next' });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const id = JSON.parse(String(init.body)).customerData.ourTransactionId as string;
        calls.push(id);
        if (id === 'tx-bbbbbbb1') return json(400, { details: 'Taken more than 24 hours ago.' });
        throw new TypeError('Failed to fetch');
      }),
    );
    // The link returns: the queue is sent by itself.
    conn.reportReached();
    await vi.waitFor(() => expect(calls).toEqual(['tx-bbbbbbb1', 'tx-bbbbbbb2']));
    await vi.waitFor(() => expect(saleQueue.get().sending).toBe(false));
    expect(saleQueue.get().items.map((i) => [i.id, i.refused])).toEqual([
      ['tx-bbbbbbb1', 'Taken more than 24 hours ago.'],
      ['tx-bbbbbbb2', null],
    ]);
    conn.reportReached();
    await saleQueue.flush();
    // The refused one is not sent again; the waiting one is tried again.
    expect(calls).toEqual(['tx-bbbbbbb1', 'tx-bbbbbbb2', 'tx-bbbbbbb2']);
    expect(JSON.parse(saleQueue.exportRefused())).toHaveLength(1);
  });

  // Issue 23: the link dies while the guest pays (the request hangs, the browser says online).
  it('a cash sale whose request hangs goes into the queue within SALE_DEADLINE_MS, same id', async () => {
    vi.useFakeTimers();
    try {
      const { saveOrQueueSale, saleQueue, SALE_DEADLINE_MS } = await freshQueue();
      const sent: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (url: string, init?: RequestInit) =>
            new Promise<Response>((_resolve, reject) => {
              if (url === '/api/saveCustomer') sent.push(JSON.parse(String(init?.body)).customerData.ourTransactionId);
              init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
            }),
        ),
      );
      let result: unknown = null;
      void saveOrQueueSale(sale('tx-ccccccc1', 7), { unitIds: [7], label: 'hang' }).then((r) => (result = r));
      await vi.advanceTimersByTimeAsync(SALE_DEADLINE_MS);
      await vi.waitFor(() => expect(result).toMatchObject({ queued: true, ourTransactionId: 'tx-ccccccc1' }));
      expect(new Set(sent)).toEqual(new Set(['tx-ccccccc1']));
      expect(saleQueue.get().items.map((i) => i.id)).toEqual(['tx-ccccccc1']);
    } finally {
      vi.useRealTimers();
    }
  });

  // Issue 23 (CI): whatever stalls after the request left (a fetch deaf to its abort, a body that
  // never ends, a busy tablet), the cash sale has its outcome within SALE_OUTCOME_MS: queued.
  it('a cash sale stalled beyond the API client is queued within SALE_OUTCOME_MS, same id', async () => {
    vi.useFakeTimers();
    try {
      const { saveOrQueueSale, saleQueue, SALE_OUTCOME_MS } = await freshQueue();
      const { connectivity: conn } = await import('./connectivity');
      // Never settles, abort or not.
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise<Response>(() => undefined)),
      );
      let result: unknown = null;
      void saveOrQueueSale(sale('tx-eeeeeee1', 8), { unitIds: [8], label: 'deaf' }).then((r) => (result = r));
      await vi.advanceTimersByTimeAsync(SALE_OUTCOME_MS - 100);
      expect(result).toBeNull();
      await vi.advanceTimersByTimeAsync(100);
      await vi.waitFor(() => expect(result).toMatchObject({ queued: true, ourTransactionId: 'tx-eeeeeee1' }));
      expect(saleQueue.get().items.map((i) => i.id)).toEqual(['tx-eeeeeee1']);
      expect(conn.get().online).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a slow IndexedDB does not hold the outcome: queued in memory at once, written behind it', async () => {
    // Real timers while IndexedDB opens (fake-indexeddb schedules on them), fake ones after.
    const { saleQueue, DURABLE_WAIT_MS } = await freshQueue();
    await saleQueue.load();
    try {
      // The fresh queue's own IndexedDB handle.
      const db = await (await import('./offline-db')).offlineDb();
      let finishWrite: () => void = () => undefined;
      const slowPut = vi.spyOn(db, 'put').mockImplementation(
        (...args: Parameters<typeof db.put>) =>
          new Promise((resolve) => {
            finishWrite = () => resolve(db.transaction('sales', 'readwrite').store.put(args[1] as never) as never);
          }),
      );
      const { connectivity: conn } = await import('./connectivity');
      conn.reportNetworkFailure();
      vi.useFakeTimers();
      let result: unknown = null;
      void saleQueue.enqueue(sale('tx-fffffff1', 9), { unitIds: [9], label: 'slow' }).then((r) => (result = r));
      await vi.advanceTimersByTimeAsync(10);
      // In the queue (tile pending, counter) before IndexedDB confirms.
      expect(saleQueue.get().items.map((i) => i.id)).toEqual(['tx-fffffff1']);
      expect(result).toBeNull();
      await vi.advanceTimersByTimeAsync(DURABLE_WAIT_MS);
      expect(result).toMatchObject({ queued: true, ourTransactionId: 'tx-fffffff1' });
      vi.useRealTimers();
      slowPut.mockRestore();
      finishWrite();
      await vi.waitFor(async () => expect(await db.count('sales')).toBe(1));
    } finally {
      vi.useRealTimers();
    }
  });
});

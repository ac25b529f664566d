import 'fake-indexeddb/auto';
import type { DropoffReport, SaveCustomerBody } from '@sandbar/contract/sales';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORT_SLACK_MS, type SentEntry, sentSince } from './sent-ledger';

// Issue 32: offline, Notes/Drops said "Cash on hand counting these: $40.00" while the tablet had
// sent six more $20 sales since its kept figures (the real cash on hand was $160).

const zone = 'America/New_York';
const kept = Date.UTC(2026, 6, 4, 15, 0); // 11:00 in New York, 2026-07-04
const report: Pick<DropoffReport, 'day' | 'customers' | 'dropOffs'> = {
  day: '2026-07-04',
  customers: [
    {
      id: 501,
      epoc: 0,
      customerName: 'In the figures',
      projectLocations: 'MB',
      umbrellaNumber: 1,
      paymentMethod: 'Cash',
      price: '20.00',
      unseated: false,
    },
  ],
  dropOffs: [{ id: 77, epoc: 0, amount: '10.00', notes: '', voided: null }],
};
const sale = (id: string, sentAt: number, customerIds: number[], cents = 2000): SentEntry => ({
  id,
  kind: 'sale',
  cashCents: cents,
  customerIds,
  dropoffId: null,
  sentAt,
  label: id,
});

describe('sentSince', () => {
  it('adds the six $20 sales sent after the kept figures: $40 + $120 = $160', () => {
    const six = Array.from({ length: 6 }, (_, i) => sale(`s${i}`, kept + (i + 1) * 60_000, [600 + i]));
    const since = sentSince(six, report, kept, zone);
    expect(since.map((e) => e.id)).toEqual(['s0', 's1', 's2', 's3', 's4', 's5']);
    expect(4000 + since.reduce((s, e) => s + e.cashCents, 0)).toBe(16000);
  });

  it('leaves out what the figures count: listed by id, or sent before they were asked', () => {
    const entries = [
      // Answered just before the figures were kept, and listed in them.
      sale('listed', kept - 2_000, [501]),
      // Long before: the server had it when it answered (an admin since deleted it: not listed).
      sale('older', kept - REPORT_SLACK_MS - 1, [502]),
      // Another day's.
      sale('yesterday', Date.UTC(2026, 6, 4, 3, 0) + 0, [503]),
      // A drop-off in the figures, and one after them.
      { ...sale('drop-in', kept + 1_000, []), kind: 'dropoff' as const, dropoffId: 77, cashCents: -1000 },
      { ...sale('drop-new', kept + 2_000, []), kind: 'dropoff' as const, dropoffId: 78, cashCents: -500 },
      sale('new', kept + 3_000, [504]),
    ];
    expect(sentSince(entries, report, kept, zone).map((e) => e.id)).toEqual(['drop-new', 'new']);
    // The figures' time unknown: by id and by day only.
    expect(sentSince(entries, report, null, zone).map((e) => e.id)).toEqual(['older', 'drop-new', 'new']);
  });
});

describe('the ledger of what the tablet sent', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('notes a cash sale saved online and a queued one sent later, and keeps them over a reload', async () => {
    vi.resetModules();
    const { saveOrQueueSale, saleQueue } = await import('./sale-queue');
    const { connectivity } = await import('./connectivity');
    const { sentLedger } = await import('./sent-ledger');
    const body = (
      id: string,
      paymentMethod: SaveCustomerBody['customerData']['paymentMethod'] = 'Cash',
    ): SaveCustomerBody => ({
      customerData: {
        ourTransactionId: id,
        unitId: 1,
        paymentMethod,
        customerName: `Guest ${id}`,
        orderTotal: '20.00',
        tipAmount: '2.00',
      },
    });
    let next = 900;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url !== '/api/saveCustomer') return new Response('{}', { status: 200 });
        const d = JSON.parse(String(init.body)).customerData;
        return new Response(
          JSON.stringify({
            status: 1,
            saleId: next,
            customerIds: [next++],
            total: '22.00',
            ourTransactionId: d.ourTransactionId,
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      }),
    );
    connectivity.reportReached();
    await saveOrQueueSale(body('online-1'), { unitIds: [1], label: 'one' });
    // A card sale moves no cash: not noted.
    await saveOrQueueSale(body('card-1', 'Credit Card'), { unitIds: [1], label: 'card' });
    // Offline, queued; sent when the link returns.
    connectivity.reportNetworkFailure();
    await saveOrQueueSale(body('queued-1'), { unitIds: [1], label: 'queued' });
    expect(saleQueue.get().items.map((i) => i.id)).toEqual(['queued-1']);
    connectivity.reportReached();
    await saleQueue.flush();
    await vi.waitFor(() => expect(sentLedger.get().map((e) => e.id)).toEqual(['online-1', 'queued-1']));
    expect(sentLedger.get().map((e) => [e.cashCents, e.customerIds])).toEqual([
      [2200, [900]],
      [2200, [902]],
    ]);

    // A reload reads them back from the tablet's store.
    await vi.waitFor(async () => {
      vi.resetModules();
      const reloaded = await import('./sent-ledger');
      await reloaded.sentLedger.load();
      expect(reloaded.sentLedger.get().map((e) => e.id)).toEqual(['online-1', 'queued-1']);
    });
  });
});

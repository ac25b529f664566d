import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, renderWithProviders } from '../../../test/render';
import { buildCustomerData, useCompleteSale } from './complete-sale';
import { initialSale, saleReducer } from './machine';
import type { Quote } from './quote';

const state = [
  { type: 'choosePayment', method: 'Voucher' } as const,
  { type: 'editVoucher', value: ' V-9 ' } as const,
  { type: 'chooseEquipment', itemId: 1 } as const,
  { type: 'editName', value: 'Pat' } as const,
  { type: 'editReceipt', receiptType: 'none' } as const,
].reduce(saleReducer, initialSale({ mode: 'single', ourTransactionId: 'sale-0009' }));
const quote = { subtotalCents: 3500, tipCents: 0, addonCents: 0 } as Quote;
const data = buildCustomerData({ state, quote, unit: { id: 7, unitType: 'U' }, orderLines: [], cartId: null });

function Harness({ onSaved }: { onSaved: () => void }) {
  const sale = useCompleteSale(onSaved);
  return (
    <button type="button" onClick={() => void sale.complete(data).catch(() => undefined)}>
      COMPLETE SALE
    </button>
  );
}

describe('completing a sale', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds the payload from the machine: voucher number, no receipt, one unit', () => {
    expect(data).toMatchObject({
      ourTransactionId: 'sale-0009',
      unitId: 7,
      selectedUnit: 1,
      paymentMethod: 'Voucher',
      voucherNumber: 'V-9',
      receiptType: 'none',
      orderTotal: '35.00',
      tipAmount: '0.00',
      cartUnits: [],
    });
  });

  it('a double-tapped COMPLETE SALE sends one request and reports one success', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const onSaved = vi.fn();
    renderWithProviders(<Harness onSaved={onSaved} />, { user: demoUser('U') });
    const button = await screen.findByRole('button', { name: 'COMPLETE SALE' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    answer(
      new Response(
        JSON.stringify({
          status: 1,
          saleId: 1,
          ourTransactionId: 'sale-0009',
          receiptId: 'r',
          receiptUrl: 'u',
          unitIds: [7],
          customerIds: [1],
          orderTotal: '35.00',
          tipAmount: '0.00',
          total: '35.00',
          retailRate: '35.00',
          replayed: false,
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    fireEvent.click(button);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onSaved).toHaveBeenCalledTimes(1);
  });
});

import { guestBookingTexts } from '@sandbar/contract/booking-page';
import type { PublicBooking } from '@sandbar/contract/reservations';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManagePage } from './manage-page';

// Issue 33 point 4: back from the payment page before the provider's webhook, the guest sees
// "confirming your payment", which resolves by itself; back without paying, the hold is let go.

const token = 'a'.repeat(43);
const booking = (o: Partial<PublicBooking>): PublicBooking => ({
  status: 'held',
  day: '2026-07-05',
  window: 'full',
  location: 'MB',
  locationName: 'Main Beach',
  units: ['MB 21'],
  items: [],
  guestName: 'Ana',
  partySize: 2,
  arrival: '',
  policy: 'Policy',
  policyEs: 'Condiciones',
  holdExpiresAt: Date.UTC(2026, 6, 4, 14, 15),
  cancelOutcome: null,
  payment: {
    state: 'due',
    amount: '8.75',
    paid: '0.00',
    refunded: '0.00',
    refundPending: '0.00',
    currency: 'USD',
    payUrl: '/api/public/payments/test/checkout/tcs_1',
  },
  ...o,
});
const answer = (b: PublicBooking) => Promise.resolve(new Response(JSON.stringify(b), { status: 200 }));

describe('manage page after the payment page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('says "confirming your payment" and turns to paid by itself', async () => {
    window.history.replaceState(null, '', `/book/manage/${token}?paid=1`);
    const paid = booking({
      status: 'confirmed',
      holdExpiresAt: null,
      payment: { ...booking({}).payment!, state: 'paid', paid: '8.75', payUrl: null },
    });
    const fetchMock = vi
      .fn()
      .mockReturnValueOnce(answer(booking({})))
      .mockReturnValue(answer(paid));
    vi.stubGlobal('fetch', fetchMock);
    render(<ManagePage t={guestBookingTexts.es} lang="es" token={token} />);
    expect(await screen.findByTestId('guest-confirming')).toHaveTextContent('Confirmando tu pago');
    // Not a waitlist offer: nothing to "keep".
    expect(screen.queryByTestId('guest-keep')).toBeNull();
    expect(await screen.findByTestId('guest-paid', {}, { timeout: 5000 })).toHaveTextContent('¡Pagado y reservado!');
    expect(screen.getByTestId('guest-paid-line')).toHaveTextContent('$8.75');
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('back without paying: asks the server to let the hold go and says so', async () => {
    window.history.replaceState(null, '', `/book/manage/${token}?paid=0&declined=1`);
    const fetchMock = vi
      .fn()
      .mockReturnValue(
        answer(
          booking({
            status: 'cancelled',
            holdExpiresAt: null,
            payment: { ...booking({}).payment!, state: 'failed', payUrl: null },
          }),
        ),
      );
    vi.stubGlobal('fetch', fetchMock);
    render(<ManagePage t={guestBookingTexts.es} lang="es" token={token} />);
    expect(await screen.findByTestId('guest-not-paid')).toHaveTextContent('Tu pago fue rechazado');
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/public/booking/manage/${token}/abandon`);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST' });
  });

  // Issue 33: a held booking whose payment is due says it waits for the guest's payment (not "for
  // the beach"), its hold's end by the beach's clock wherever the phone is, and no "paid $0.00".
  it('a payment due: waiting for your payment, until the time at the beach, no paid line yet', async () => {
    window.history.replaceState(null, '', `/book/manage/${token}`);
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockReturnValue(
          answer(booking({ timeZone: 'America/New_York', payment: { ...booking({}).payment!, payUrl: null } })),
        ),
    );
    render(<ManagePage t={guestBookingTexts.en} lang="en" token={token} />);
    // 14:15 UTC is 10:15 AM on the beach in July (New York), whatever zone the test runs in.
    expect(await screen.findByTestId('guest-pay-held')).toHaveTextContent('held for you until 10:15 AM. Pay $8.75');
    expect(screen.getByTestId('guest-status')).toHaveTextContent('Waiting for your payment');
    expect(screen.queryByTestId('guest-paid-line')).toBeNull();
  });
});

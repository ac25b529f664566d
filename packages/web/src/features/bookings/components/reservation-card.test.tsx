import { notifications } from '@mantine/notifications';
import type { Reservation, ReservationResponse, UnitReservation } from '@sandbar/contract/reservations';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, renderWithProviders } from '../../../test/render';
import { ReservationCard } from './reservation-card';

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const card: UnitReservation = {
  id: 41,
  guestName: 'Rita Race',
  arrival: '10:30',
  partySize: 2,
  window: 'full',
  status: 'confirmed',
  depositBalance: '0.00',
  phone: '305-555-0141',
  hotelId: null,
  roomNumber: '',
  lastName: '',
};

const answer = (status: Reservation['status'], details: string): ReservationResponse => ({
  success: 1,
  details,
  reservation: {
    id: 41,
    locationId: 1,
    location: 'MB',
    status,
    channel: 'phone',
    window: 'full',
    days: ['2026-07-05'],
    units: [{ unitId: 12, label: 'MB 12', day: '2026-07-05' }],
    guestName: 'Rita Race',
    phone: '305-555-0141',
    email: '',
    hotelId: null,
    roomNumber: '',
    lastName: '',
    partySize: 2,
    arrival: '10:30',
    notes: '',
    items: [],
    depositBalance: '0.00',
    payments: [],
    saleId: null,
    createdAt: 0,
    createdBy: null,
    holdExpiresAt: null,
    awaitingPayment: null,
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Issue 32: Cancel and No-show asked for their reason only after the tap, and said nothing once done.
describe('ReservationCard', () => {
  for (const [action, confirm, path, said] of [
    [
      'Cancel booking',
      'Cancel this booking',
      '/cancelReservation',
      'Booking of Rita Race cancelled: MB 12 is free again.',
    ],
    [
      'Mark no-show',
      'Release as a no-show',
      '/markReservationNoShow',
      'Rita Race marked a no-show: MB 12 is back on sale.',
    ],
  ] as const) {
    it(`${action}: the reason is marked required before the tap, and the outcome is said`, async () => {
      const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
        json(200, answer(path === '/cancelReservation' ? 'cancelled' : 'no_show', 'Reservation cancelled.')),
      );
      vi.stubGlobal('fetch', fetchMock);
      const toasts = vi.spyOn(notifications, 'show');
      const changed = vi.fn();
      renderWithProviders(<ReservationCard reservation={card} day="2026-07-05" onChanged={changed} />, {
        user: demoUser('S'),
      });
      await userEvent.click(await screen.findByRole('button', { name: action }));
      const reason = screen.getByRole('textbox', { name: /Reason/ });
      expect(reason).toBeRequired();
      const go = screen.getByRole('button', { name: confirm });
      // It cannot go yet, and says why.
      expect(go).toBeDisabled();
      expect(go).toHaveAccessibleDescription('Write the reason above first.');
      expect(screen.getByText('Required: it is kept in the booking’s history.')).toBeInTheDocument();
      await userEvent.click(go);
      expect(fetchMock).not.toHaveBeenCalled();

      await userEvent.type(reason, 'Guest called');
      expect(go).toBeEnabled();
      expect(screen.queryByTestId('reason-first')).toBeNull();
      await userEvent.click(go);
      await waitFor(() => expect(changed).toHaveBeenCalled());
      expect(fetchMock.mock.calls[0]![0]).toContain(path);
      expect(JSON.parse(String((fetchMock.mock.calls[0]![1] as RequestInit).body))).toMatchObject({
        id: 41,
        reason: 'Guest called',
      });
      expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ color: 'teal', message: said }));
    });
  }

  it('a cancel that refunds a deposit says so after the units it frees', async () => {
    const refunded = 'Reservation cancelled before the cut-off: the deposit of $8.00 is refunded.';
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(200, answer('cancelled', refunded))),
    );
    const toasts = vi.spyOn(notifications, 'show');
    renderWithProviders(<ReservationCard reservation={card} day="2026-07-05" />, { user: demoUser('S') });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Rain');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel this booking' }));
    await waitFor(() =>
      expect(toasts).toHaveBeenCalledWith(
        expect.objectContaining({ message: `Booking of Rita Race cancelled: MB 12 is free again. ${refunded}` }),
      ),
    );
  });

  // Issue 33 point 6: a supervisor refunds part of a paid booking; another amount is an override.
  it("a supervisor's partial refund of a paid booking sends the amount and the reason; a refusal is said in red", async () => {
    const refused =
      'The payment provider refused the refund of $20.00 (card closed). It stays owed under Refunds owed on Bookings and is tried again; nothing is recorded as refunded until the provider accepts it.';
    const fetchMock = vi.fn((url: string, _init?: RequestInit) =>
      url.includes('/getCancelPolicy/')
        ? json(200, {
            outcome: 'refund',
            deposit: '35.00',
            refund: '17.50',
            online: '35.00',
            cutoffAt: Date.UTC(2026, 6, 4, 4),
            canOverride: true,
          })
        : json(200, answer('cancelled', refused)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const toasts = vi.spyOn(notifications, 'show');
    renderWithProviders(<ReservationCard reservation={{ ...card, depositBalance: '35.00' }} day="2026-07-05" />, {
      user: demoUser('S'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Rain');
    // The policy's share, and that the money goes back through the provider.
    expect(await screen.findByTestId('cancel-policy')).toHaveTextContent(
      '$17.50 of the deposit of $35.00 will be refunded',
    );
    expect(screen.getByTestId('cancel-paid-online')).toHaveTextContent('$35.00 was paid online');
    const amount = screen.getByRole('textbox', { name: /Amount to refund/ });
    expect(amount).toHaveValue('17.50');
    // The policy's own amount asks no reason.
    expect(screen.queryByTestId('override-reason')).toBeNull();
    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    // Another amount is an override: the button waits for its reason, and says so.
    expect(screen.getByRole('button', { name: 'Cancel this booking' })).toBeDisabled();
    expect(screen.getByTestId('reason-first')).toHaveTextContent('Write why you override the policy first.');
    await userEvent.type(screen.getByRole('textbox', { name: /Why override/ }), 'Storm');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel this booking' }));
    await waitFor(() => expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ color: 'red' })));
    const sent = fetchMock.mock.calls.find((c) => String(c[0]).includes('/cancelReservation'))!;
    expect(JSON.parse(String((sent[1] as RequestInit).body))).toEqual({
      id: 41,
      reason: 'Rain',
      deposit: 'refund',
      refundAmount: '20',
      overrideReason: 'Storm',
    });
  });

  // Issue 33: a guest's booking held for their online payment is the provider's to confirm (the
  // server refuses staff with 409): the card says what and until when, and offers no Confirm.
  it('a booking held for its online payment says the amount and the deadline, without Confirm', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        json(200, {
          link: null,
          quote: { deposit: null, full: '35.00', suggested: 'full', minutes: 15, refusal: null },
          phone: '',
          email: '',
        }),
      ),
    );
    const held = { ...card, status: 'held' as const };
    const until = Date.UTC(2026, 6, 5, 14, 30); // 10:30 at the demo venue (New York, summer)
    const { unmount } = renderWithProviders(
      <ReservationCard
        reservation={{ ...held, awaitingPayment: { amount: '8.75', until, via: 'checkout' } }}
        day="2026-07-05"
      />,
      { user: demoUser('S') },
    );
    expect(await screen.findByTestId('awaiting-payment')).toHaveTextContent(
      /online payment of \$8\.75\. Unpaid by 10:30.*released/,
    );
    expect(screen.getByTestId('reservation-status')).toHaveTextContent('Awaiting payment');
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
    unmount();
    // Held for staff (no payment asked): Confirm is there.
    renderWithProviders(<ReservationCard reservation={{ ...held, awaitingPayment: null }} day="2026-07-05" />, {
      user: demoUser('S'),
    });
    expect(await screen.findByRole('button', { name: 'Confirm booking' })).toBeInTheDocument();
    expect(screen.getByTestId('reservation-status')).toHaveTextContent('Held');
    expect(screen.queryByTestId('awaiting-payment')).toBeNull();
  });
});

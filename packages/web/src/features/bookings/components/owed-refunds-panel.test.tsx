import { notifications } from '@mantine/notifications';
import type { OwedRefund } from '@sandbar/contract/payments';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, renderWithProviders } from '../../../test/render';
import { OwedRefundsPanel } from './owed-refunds-panel';

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const refused: OwedRefund = {
  id: 7,
  reservationId: 41,
  guestName: 'Rita Race',
  phone: '+13055550141',
  location: 'MB',
  day: '2026-07-08',
  amount: '17.50',
  status: 'failed',
  error: 'The test provider refuses refunds (switched on).',
  reason: 'Guest called',
  createdAt: 0,
  attempts: 1,
  nextAttemptAt: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Issue 33 point 6: a refund the provider refused is shown on Bookings with its words and a Retry.
describe('OwedRefundsPanel', () => {
  it('shows nothing when nothing is owed', async () => {
    const fetchMock = vi.fn(() => json(200, { refunds: [] }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<OwedRefundsPanel />, { user: demoUser('U') });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('owed-refunds')).toBeNull();
  });

  it("lists a refused refund with the provider's words; Retry sends it and says the answer", async () => {
    let owed = [refused];
    const fetchMock = vi.fn((url: string) => {
      if (url.includes('/retryRefund')) {
        owed = [];
        return json(200, {
          success: 1,
          details: 'The refund of $17.50 was accepted by the payment provider.',
          refund: { ...refused, status: 'succeeded' },
        });
      }
      return json(200, { refunds: owed });
    });
    vi.stubGlobal('fetch', fetchMock);
    const toasts = vi.spyOn(notifications, 'show');
    renderWithProviders(<OwedRefundsPanel />, { user: demoUser('U') });
    const row = await screen.findByTestId('owed-refund');
    expect(row).toHaveTextContent('$17.50 to Rita Race · MB Wed, Jul 8 · Guest called');
    expect(row).toHaveTextContent('Refused by the provider: The test provider refuses refunds (switched on).');
    expect(row).toHaveTextContent('Not tried again by itself');
    await userEvent.click(screen.getByRole('button', { name: 'Retry refund' }));
    await waitFor(() =>
      expect(toasts).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'teal',
          message: 'The refund of $17.50 was accepted by the payment provider.',
        }),
      ),
    );
    const sent = fetchMock.mock.calls.find((c) => String(c[0]).includes('/retryRefund'))!;
    expect(JSON.parse(String((sent as unknown as [string, RequestInit])[1].body))).toEqual({ id: 7 });
    await waitFor(() => expect(screen.queryByTestId('owed-refunds')).toBeNull());
  });
});

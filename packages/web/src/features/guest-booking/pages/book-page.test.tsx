import { guestBookingTexts } from '@sandbar/contract/booking-page';
import type { PublicAvailability } from '@sandbar/contract/reservations';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookPage } from './book-page';

// The guest page's first answer (today) can come back after the guest has already picked another
// day, on a slow link or a busy server (a CI run at load 11 caught it): the day picked stays.

const availability = (day: string): PublicAvailability => ({
  venueName: 'Sandbar Beach Club',
  day,
  today: '2026-07-04',
  lastDay: '2026-08-04',
  maxUnits: 6,
  offerMinutes: 15,
  policy: 'Policy',
  policyEs: 'Condiciones',
  locations: [],
  prices: [],
  hotels: [],
});

describe('the guest page picking a day', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the day the guest picked when the first load's answer (today) comes back after it", async () => {
    const answers = new Map<string, (r: Response) => void>();
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        const day = new URL(url, 'http://x').searchParams.get('day') ?? 'today';
        return new Promise<Response>((resolve) => answers.set(day, resolve));
      }),
    );
    render(<BookPage t={guestBookingTexts.en} lang="en" />);
    const input = screen.getByTestId('guest-day');
    fireEvent.change(input, { target: { value: '2026-07-08' } });
    expect([...answers.keys()].sort()).toEqual(['2026-07-08', 'today']);
    const json = (a: PublicAvailability) => new Response(JSON.stringify(a), { status: 200 });
    await act(async () => answers.get('2026-07-08')!(json(availability('2026-07-08'))));
    expect(input).toHaveValue('2026-07-08');
    // The first load's answer, late: not shown.
    await act(async () => answers.get('today')!(json(availability('2026-07-04'))));
    expect(input).toHaveValue('2026-07-08');
  });
});

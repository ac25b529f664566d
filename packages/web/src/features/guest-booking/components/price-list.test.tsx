import { guestBookingTexts } from '@sandbar/contract/booking-page';
import type { PublicPrice } from '@sandbar/contract/reservations';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceList } from './price-list';

// A Spanish guest reads the price list's Spanish names (falling back to English where the venue
// gave none), and the note under the prices says what is paid when: the venue's online rule.

const prices: PublicPrice[] = [
  {
    id: 1,
    name: 'Umbrella',
    nameEs: 'Sombrilla',
    unitType: 'U',
    price: '35.00',
    addOn: false,
    startHour: 7,
    endHour: 20,
  },
  { id: 2, name: 'Beach Towel', unitType: 'U', price: '5.00', addOn: true, startHour: 7, endHour: 20 },
];

describe('the guest price list', () => {
  it('names the prices in Spanish for a Spanish guest, English where there is no Spanish name', () => {
    render(<PriceList t={guestBookingTexts.es} locale="es-US" prices={prices} unitTypes={['U']} payment="deposit" />);
    expect(screen.getByText('Sombrilla')).toBeTruthy();
    expect(screen.getByText('Beach Towel')).toBeTruthy();
    expect(screen.queryByText('Umbrella')).toBeNull();
    expect(screen.getByText(guestBookingTexts.es.depositOnlineNote)).toBeTruthy();
  });

  it('keeps the English names and says pay at arrival when nothing is paid online', () => {
    render(<PriceList t={guestBookingTexts.en} locale="en-US" prices={prices} unitTypes={['U']} payment="none" />);
    expect(screen.getByText('Umbrella')).toBeTruthy();
    expect(screen.getByText(guestBookingTexts.en.payAtArrival)).toBeTruthy();
  });
});

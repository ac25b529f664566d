import type { Unit } from '@sandbar/contract/units';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { UnitTile } from './unit-tile';

const unit = (over: Partial<Unit> = {}): Unit => ({
  id: 7,
  unitType: 'U',
  unitNumber: 12,
  unitStatus: 2,
  location: 'MB',
  locationId: 1,
  row: 1,
  position: 2,
  totalPrice: '35.00',
  paymentMethod: 'Cash',
  umbrellaType: 'U',
  version: 1,
  customers: [
    {
      id: 1,
      epoc: 0,
      customerName: 'Smith',
      paymentMethod: 'Cash',
      price: '35.00',
      receiptType: 'phone',
      receiptPhone: '',
      receiptEmail: '',
      state: 'seated',
      saleId: 1,
    },
  ],
  heldBy: null,
  ...over,
});

// Issue 12: the name begins with what the tile shows (voice control), then says what its colour says.
describe('UnitTile', () => {
  it('is named by its visible text, its status and its customer', () => {
    renderWithProviders(<UnitTile unit={unit()} clickable onOpen={() => undefined} />);
    expect(screen.getByRole('button', { name: 'MB 1-2 12 $35, Paid, Smith' })).toBeInTheDocument();
  });

  // Issue 26: a deleted sale's tile no longer reads "Paid" with nothing else.
  it('says "Deleted" beside the amount when an admin deleted the sale', () => {
    renderWithProviders(<UnitTile unit={unit({ saleDeleted: true })} clickable onOpen={() => undefined} />);
    const tile = screen.getByRole('button', { name: 'MB 1-2 12 Deleted $35, Paid, Smith' });
    expect(tile).toHaveTextContent('Deleted');
    expect(tile).toHaveTextContent('$35');
  });

  it('names an empty tile and a held one (with who holds it) in the given language', () => {
    const names = ['Vacía', 'Reservada', 'Pagada', 'Se fue', 'Habitación', 'Ocupada', 'Muelle / Torre'];
    renderWithProviders(
      <>
        <UnitTile
          unit={unit({ id: 1, unitStatus: 0, customers: [] })}
          clickable
          onOpen={() => undefined}
          statusNames={names}
        />
        <UnitTile
          unit={unit({ id: 2, unitStatus: 1, totalPrice: '0.00', customers: [], heldBy: 'Sam' })}
          clickable
          onOpen={() => undefined}
          statusNames={names}
        />
      </>,
    );
    expect(screen.getByRole('button', { name: 'MB 1-2 12, Vacía' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'MB 1-2 12, Reservada, Sam' })).toBeInTheDocument();
  });
});

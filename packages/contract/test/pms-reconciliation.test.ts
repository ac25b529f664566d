import { describe, expect, it } from 'vitest';
import { translateServerText } from '../src/i18n';
import { pmsServerTexts, pmsServerTextsEs } from '../src/pms';
import { type HotelReconciliation, reconciliationLines } from '../src/pms-reconciliation';

// The night reconciliation's lines (issue 34, decision 321): the RoomCharge e-mail's and the
// Postings screen's words, English and Spanish.
const hotel = (o: Partial<HotelReconciliation>): HotelReconciliation => ({
  hotelId: 1,
  hotel: 'Hyatt',
  kind: 'mews',
  day: '2026-07-04',
  sales: 1,
  sandbar: '30.00',
  sandbarCents: 3000,
  pms: '30.00',
  pmsCents: 3000,
  allPosted: true,
  differences: [],
  ...o,
});

describe('reconciliationLines', () => {
  it('counts one room charge in the singular, several in the plural, in both languages', () => {
    expect(reconciliationLines(hotel({}), 'en')).toEqual([
      'All posted to Mews: 1 room charge, Sandbar $30.00 = Mews $30.00.',
    ]);
    expect(reconciliationLines(hotel({ sales: 2 }), 'en')[0]).toContain('2 room charges');
    expect(reconciliationLines(hotel({ kind: 'opera' }), 'es')).toEqual([
      'Todo enviado a OPERA Cloud: 1 cargo a habitación, Sandbar $30.00 = OPERA Cloud $30.00.',
    ]);
    expect(reconciliationLines(hotel({ sales: 3 }), 'es')[0]).toContain('3 cargos a habitación');
  });

  it('names a sale that differs by its invoice number, with why', () => {
    const r = hotel({
      sales: 2,
      sandbar: '60.00',
      sandbarCents: 6000,
      allPosted: false,
      differences: [
        {
          saleId: 42,
          room: '305',
          guest: 'Ana Smith',
          sandbar: '30.00',
          pms: '0.00',
          differenceCents: 3000,
          state: 'failed',
          detail: 'No guest Smith is in house in room 305.',
        },
      ],
    });
    expect(reconciliationLines(r, 'en')).toEqual([
      'Not all posted to Mews: Sandbar $60.00, Mews confirmed $30.00 (difference $30.00).',
      'Invoice 000042 (room 305 Ana Smith): Sandbar $30.00, Mews $0.00 — failed: No guest Smith is in house in room 305.',
    ]);
    expect(reconciliationLines(r, 'es')[1]).toMatch(/^Factura 000042 \(habitación 305 Ana Smith\)/);
  });
});

describe("the server's PMS words in Spanish (translateServerText)", () => {
  it('translates the connection test, the transport and the queue, leaving a PMS message as written', () => {
    expect(translateServerText(pmsServerTexts.mewsRooms, 'es')).toBe(pmsServerTextsEs.mewsRooms);
    expect(translateServerText(pmsServerTexts.operaSearch('SANDBAR1'), 'es')).toBe(
      'Buscar reservas en casa de SANDBAR1 (rsv)',
    );
    expect(translateServerText(pmsServerTexts.notInHouse('Miller', '0412'), 'es')).toBe(
      'No hay ningún huésped Miller en casa en la habitación 0412.',
    );
    expect(translateServerText(pmsServerTexts.refused(400, 'Invalid AccountId.'), 'es')).toBe(
      'El PMS lo rechazó (400): Invalid AccountId.',
    );
    expect(translateServerText(pmsServerTexts.rosterGuests(12), 'es')).toBe('12 huéspedes en la lista.');
    expect(translateServerText(pmsServerTexts.unreachable, 'en')).toBe('The PMS could not be reached.');
  });
});

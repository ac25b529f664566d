import type { FnbItem, FnbMenu } from '@sandbar/contract/fnb';
import { describe, expect, it } from 'vitest';
import { addLine, cartCents, choicesComplete, orderable, unitCents } from './fnb-cart';

const mojito: FnbItem = {
  id: 1,
  categoryId: 1,
  name: 'Mojito',
  nameEs: 'Mojito',
  description: '',
  descriptionEs: '',
  priceCents: 900,
  photoUrl: '',
  allergens: [],
  station: 'bar',
  soldOut: false,
  startHour: null,
  endHour: null,
  sortOrder: 0,
  active: true,
  modifierGroups: [
    {
      id: 1,
      name: 'Size',
      nameEs: 'Tamaño',
      minChoices: 1,
      maxChoices: 1,
      options: [
        { id: 1, name: 'Regular', nameEs: 'Normal', priceDeltaCents: 0 },
        { id: 2, name: 'Large', nameEs: 'Grande', priceDeltaCents: 300 },
      ],
    },
    {
      id: 2,
      name: 'Extras',
      nameEs: 'Extras',
      minChoices: 0,
      maxChoices: 2,
      options: [
        { id: 3, name: 'Extra shot', nameEs: 'Doble', priceDeltaCents: 250 },
        { id: 4, name: 'Mint', nameEs: 'Menta', priceDeltaCents: 0 },
        { id: 5, name: 'Sugar-free', nameEs: 'Sin azúcar', priceDeltaCents: -50 },
      ],
    },
  ],
};
const menu = (over: Partial<FnbItem> = {}, hourNow = 12, categoryHours: [number, number] | null = null): FnbMenu => ({
  categories: [
    {
      id: 1,
      name: 'Drinks',
      nameEs: 'Bebidas',
      startHour: categoryHours?.[0] ?? null,
      endHour: categoryHours?.[1] ?? null,
      sortOrder: 0,
      active: true,
    },
  ],
  items: [{ ...mojito, ...over }],
  hourNow,
  currency: 'USD',
});

describe('F&B cart (the page shows what the server will charge)', () => {
  it('prices a line with its choices, quantities and a negative delta', () => {
    expect(unitCents(mojito, [2, 3])).toBe(1450);
    expect(unitCents(mojito, [1, 5])).toBe(850);
    const lines = addLine(addLine([], { itemId: 1, quantity: 2, optionIds: [2], note: '' }), {
      itemId: 1,
      quantity: 1,
      optionIds: [2],
      note: '',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(3);
    expect(cartCents(menu(), lines)).toBe(3600);
    // Another note is another line (the bar reads it per drink).
    expect(addLine(lines, { itemId: 1, quantity: 1, optionIds: [2], note: 'no ice' })).toHaveLength(2);
  });

  it('needs each required choice and no more than the most', () => {
    expect(choicesComplete(mojito, [])).toBe(false);
    expect(choicesComplete(mojito, [1])).toBe(true);
    expect(choicesComplete(mojito, [1, 3, 4])).toBe(true);
    expect(choicesComplete(mojito, [1, 3, 4, 5])).toBe(false);
  });

  it("is orderable only on the menu, not 86'd, within the item's hours, else its category's", () => {
    expect(orderable(menu(), mojito)).toBe(true);
    expect(orderable(menu({ soldOut: true }), { ...mojito, soldOut: true })).toBe(false);
    expect(orderable(menu({}, 10), { ...mojito, startHour: 11, endHour: 17 })).toBe(false);
    expect(orderable(menu({}, 17), { ...mojito, startHour: 11, endHour: 17 })).toBe(false);
    expect(orderable(menu({}, 16), { ...mojito, startHour: 11, endHour: 17 })).toBe(true);
    expect(orderable(menu({}, 9, [10, 18]), mojito)).toBe(false);
    expect(orderable(menu({}, 9, [10, 18]), { ...mojito, startHour: 8, endHour: 12 })).toBe(true);
  });
});

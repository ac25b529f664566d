import { describe, expect, it } from 'vitest';
import { keyDifferences } from '../src/i18n';
import { fnbPrice, fnbTexts, fnbName } from '../src/fnb-texts';
import { PlaceFnbOrderBody, SaveFnbItemBody, SaveFnbOrderBody, SettleFnbTabBody } from '../src/fnb';
import { canAccess } from '../src/roles';

const line = { itemId: 1, quantity: 2 };

describe('F&B texts', () => {
  it('have the same keys and parameters in English and Spanish', () => {
    expect(keyDifferences(fnbTexts.en, fnbTexts.es)).toEqual([]);
    const walk = (en: Record<string, unknown>, es: Record<string, unknown>, path: string) => {
      for (const [k, v] of Object.entries(en)) {
        if (typeof v === 'function') expect((es[k] as () => string).length, `${path}.${k}`).toBe(v.length);
        else if (v && typeof v === 'object') walk(v as never, es[k] as never, `${path}.${k}`);
      }
    };
    walk(fnbTexts.en, fnbTexts.es, '');
  });
  it('show cents as money and fall back to English names', () => {
    expect(fnbPrice(750)).toBe('$7.50');
    expect(fnbPrice(-100)).toBe('-$1.00');
    expect(fnbName('es', 'Beer', '')).toBe('Beer');
    expect(fnbName('es', 'Beer', 'Cerveza')).toBe('Cerveza');
  });
});

describe('F&B schemas', () => {
  it('take a guest order to the tab only with the last 4 digits', () => {
    const base = { clientOrderId: 'order-0001', lines: [line], totalCents: 1000, payment: 'tab' as const };
    expect(PlaceFnbOrderBody.safeParse(base).success).toBe(false);
    expect(PlaceFnbOrderBody.safeParse({ ...base, phoneLast4: '0123' }).success).toBe(true);
    expect(PlaceFnbOrderBody.safeParse({ ...base, phoneLast4: '123' }).success).toBe(false);
  });
  it('refuse an empty cart, a huge quantity, unknown fields and a guest paying "now"', () => {
    const base = { clientOrderId: 'order-0001', totalCents: 0, payment: 'online' as const };
    expect(PlaceFnbOrderBody.safeParse({ ...base, lines: [] }).error?.issues[0]?.message).toBe(
      fnbTexts.en.errors.cartEmpty,
    );
    expect(PlaceFnbOrderBody.safeParse({ ...base, lines: [{ itemId: 1, quantity: 21 }] }).success).toBe(false);
    expect(PlaceFnbOrderBody.safeParse({ ...base, lines: [line], extra: 1 }).success).toBe(false);
    expect(PlaceFnbOrderBody.safeParse({ ...base, lines: [line], payment: 'paid' }).success).toBe(false);
  });
  it('ask staff for a method and a card id when paid now', () => {
    const base = { clientOrderId: 'order-0001', unitId: 3, lines: [line], totalCents: 1000, payment: 'paid' as const };
    expect(SaveFnbOrderBody.safeParse(base).success).toBe(false);
    expect(SaveFnbOrderBody.safeParse({ ...base, paymentMethod: 'Cash' }).success).toBe(true);
    expect(SaveFnbOrderBody.safeParse({ ...base, paymentMethod: 'Credit Card' }).success).toBe(false);
    expect(
      SettleFnbTabBody.safeParse({
        ourTransactionId: 'settle-0001',
        tabId: 1,
        totalCents: 1,
        paymentMethod: 'Room Charge',
      }).success,
    ).toBe(false);
  });
  it('keep serving hours in order and modifier ranges sane', () => {
    const item = { categoryId: 1, name: 'Mojito', priceCents: 900, station: 'bar' as const };
    expect(SaveFnbItemBody.safeParse(item).success).toBe(true);
    expect(SaveFnbItemBody.safeParse({ ...item, startHour: 16, endHour: 11 }).success).toBe(false);
    expect(SaveFnbItemBody.safeParse({ ...item, startHour: 11 }).success).toBe(false);
    expect(SaveFnbItemBody.safeParse({ ...item, priceCents: 7.5 }).success).toBe(false);
    expect(SaveFnbItemBody.safeParse({ ...item, photoUrl: 'javascript:alert(1)' }).success).toBe(false);
    const group = { name: 'Size', minChoices: 2, maxChoices: 1, options: [{ name: 'Large', priceDeltaCents: 200 }] };
    expect(SaveFnbItemBody.safeParse({ ...item, modifierGroups: [group] }).success).toBe(false);
  });
  it('keep the menu for admins and orders for every role', () => {
    expect(canAccess('S', 'fnbMenu')).toBe(false);
    expect(canAccess('U', 'fnbOrders')).toBe(true);
    expect(canAccess('U', 'fnbVoid')).toBe(false);
  });
});

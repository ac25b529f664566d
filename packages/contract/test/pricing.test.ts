import { describe, expect, it } from 'vitest';
import {
  type CatalogueItem,
  chargeCents,
  computeSaleTotals,
  defaultTip,
  equipmentData,
  inWindow,
  isVacationOwner,
  maskRoom,
  nextOpeningHour,
  offeredItems,
  openingTime,
  padRoom,
  pricedAsHotelGuest,
  pricingHour,
  rosterGuest,
  tipPresets,
} from '../src/rules/pricing';

let nextId = 1;
function buildPrice(o: Partial<CatalogueItem> = {}): CatalogueItem {
  return {
    id: nextId++,
    name: 'Umbrella',
    priceCents: 3500,
    retailRateCents: 3500,
    hotelRateCents: 0,
    addOn: false,
    sort: 1,
    startTime: 7,
    endTime: 14,
    unitType: 'U',
    allHotels: false,
    hotelIds: [],
    ...o,
  };
}

const WYNDHAM = 1;
const HYATT = 2;
const morning = buildPrice({ name: 'Morning', startTime: 7, endTime: 14 });
const after2 = buildPrice({ name: 'After 2', priceCents: 2500, startTime: 15, endTime: 20, sort: 2 });
const chair = buildPrice({
  name: 'Chair',
  priceCents: 1000,
  retailRateCents: 1000,
  addOn: true,
  startTime: 7,
  endTime: 20,
});
const cooler = buildPrice({ name: 'Cooler', priceCents: 1500, addOn: true, unitType: 'C', startTime: 7, endTime: 20 });
const wyndhamItem = buildPrice({
  name: 'Wyndham Guest',
  hotelIds: [WYNDHAM],
  hotelRateCents: 0,
  endTime: 20,
  sort: 20,
});
const hyattItem = buildPrice({ name: 'Hyatt Guest', hotelIds: [HYATT], hotelRateCents: 2000, endTime: 20, sort: 21 });
const allHotelTowel = buildPrice({
  name: 'Hotel Towel',
  allHotels: true,
  addOn: true,
  priceCents: 500,
  hotelRateCents: 200,
  endTime: 20,
});
const catalogue = [morning, after2, chair, cooler, wyndhamItem, hyattItem, allHotelTowel];

describe('time windows', () => {
  it('counts 14:45 and later as hour 15, earlier minutes as the hour itself', () => {
    expect(pricingHour(14, 44)).toBe(14);
    expect(pricingHour(14, 45)).toBe(15);
    expect(pricingHour(14, 59)).toBe(15);
    expect(pricingHour(9, 50)).toBe(9);
    expect(pricingHour(15, 0)).toBe(15);
  });
  it('offers an item when the hour lies inside its window, both ends included', () => {
    expect(inWindow(morning, 7)).toBe(true);
    expect(inWindow(morning, 14)).toBe(true);
    expect(inWindow(morning, 15)).toBe(false);
    expect(inWindow(morning, 6)).toBe(false);
    expect(inWindow(after2, 20)).toBe(true);
  });
  it('switches from the morning to the after-2 price at 14:45', () => {
    const at = (h: number, m: number) =>
      offeredItems(catalogue, { unitType: 'U', hour: pricingHour(h, m), hotelGuestOf: null }).equipment.map(
        (i) => i.name,
      );
    expect(at(14, 30)).toEqual(['Morning']);
    expect(at(14, 45)).toEqual(['After 2']);
    expect(at(21, 0)).toEqual([]);
  });
});

describe('catalogue per buyer', () => {
  it('gives regular buyers the regular items and add-ons of the unit type only', () => {
    const o = offeredItems(catalogue, { unitType: 'U', hour: 10, hotelGuestOf: null });
    expect(o.equipment.map((i) => i.name)).toEqual(['Morning']);
    expect(o.addons.map((i) => i.name)).toEqual(['Chair']);
    expect(offeredItems(catalogue, { unitType: 'C', hour: 10, hotelGuestOf: null }).addons.map((i) => i.name)).toEqual([
      'Cooler',
    ]);
  });
  it("gives hotel guests their hotel's items (and all-hotel items) plus regular add-ons", () => {
    const o = offeredItems(catalogue, { unitType: 'U', hour: 10, hotelGuestOf: HYATT });
    expect(o.equipment.map((i) => i.name)).toEqual(['Hyatt Guest']);
    expect(o.addons.map((i) => i.name)).toEqual(['Hotel Towel', 'Chair']);
  });
  it('falls back to regular equipment when the hotel has none for the unit type', () => {
    const o = offeredItems(catalogue, { unitType: 'U', hour: 10, hotelGuestOf: 99 });
    expect(o.equipment.map((i) => i.name)).toEqual(['Morning']);
  });
  it('charges hotel items at the hotel rate, or the full price with the extra charge', () => {
    expect(chargeCents(hyattItem, { hotelGuestOf: HYATT, extraCharge: false })).toBe(2000);
    expect(chargeCents(hyattItem, { hotelGuestOf: HYATT, extraCharge: true })).toBe(3500);
    expect(chargeCents(wyndhamItem, { hotelGuestOf: WYNDHAM, extraCharge: false })).toBe(0);
    expect(chargeCents(morning, { hotelGuestOf: HYATT, extraCharge: false })).toBe(3500);
    expect(chargeCents(hyattItem, { hotelGuestOf: null, extraCharge: false })).toBe(3500);
  });
});

describe('vacation-owner rule', () => {
  const wyndham = { id: WYNDHAM, vacationOwnerRule: true, isOther: false };
  const hyatt = { id: HYATT, vacationOwnerRule: false, isOther: false };
  const other = { id: 3, vacationOwnerRule: false, isOther: true };
  it('marks rooms ending 70 or higher as vacation owners where the hotel has the rule', () => {
    expect(isVacationOwner(wyndham, '1271')).toBe(true);
    expect(isVacationOwner(wyndham, '1270')).toBe(true);
    expect(isVacationOwner(wyndham, '1269')).toBe(false);
    expect(isVacationOwner(wyndham, '1204')).toBe(false);
    expect(isVacationOwner(hyatt, '1299')).toBe(false);
    expect(isVacationOwner(wyndham, '')).toBe(false);
  });
  it('prices only room charges to a named hotel, non-owners, as hotel guests', () => {
    expect(pricedAsHotelGuest({ paymentMethod: 'Room Charge', hotel: wyndham, roomNumber: '1204' })).toBe(true);
    expect(pricedAsHotelGuest({ paymentMethod: 'Room Charge', hotel: wyndham, roomNumber: '1271' })).toBe(false);
    expect(pricedAsHotelGuest({ paymentMethod: 'Room Charge', hotel: hyatt, roomNumber: '1299' })).toBe(true);
    expect(pricedAsHotelGuest({ paymentMethod: 'Room Charge', hotel: other, roomNumber: '12' })).toBe(false);
    expect(pricedAsHotelGuest({ paymentMethod: 'Cash', hotel: hyatt, roomNumber: '0412' })).toBe(false);
  });
});

describe('room numbers and tips', () => {
  it('masks a room except when no last name is given', () => {
    expect(maskRoom('1204', true)).toBe('***4');
    expect(maskRoom('1204', false)).toBe('1204');
  });
  it('pads rooms to four characters', () => {
    expect(padRoom('305')).toBe('0305');
    expect(padRoom('1204')).toBe('1204');
    expect(padRoom('7')).toBe('0007');
    expect(padRoom('')).toBe('');
  });
  it('defaults the tip to 5 except for Voucher and Cash; presets 3, 5, 10, none', () => {
    expect(defaultTip('Credit Card')).toBe(5);
    expect(defaultTip('Room Charge')).toBe(5);
    expect(defaultTip('Voucher')).toBe(0);
    expect(defaultTip('Cash')).toBe(0);
    expect([...tipPresets]).toEqual([3, 5, 10, 0]);
  });
});

describe('sale totals', () => {
  it('adds units, add-ons and tip in cents, with retail value and tip percent', () => {
    const t = computeSaleTotals(
      [
        { positionId: 1, unit: morning, addons: [chair] },
        { positionId: 2, unit: morning, addons: [] },
      ],
      { hotelGuestOf: null, extraCharge: false, tipCents: 500 },
    );
    expect(t.subtotalCents).toBe(8000);
    expect(t.addonCents).toBe(1000);
    expect(t.tipCents).toBe(500);
    expect(t.totalCents).toBe(8500);
    expect(t.retailCents).toBe(8000);
    expect(t.tipPercent).toBe(6);
    expect(t.lines.map((l) => l.totalCents)).toEqual([4500, 3500]);
  });
  it('charges a hotel guest the hotel rate and records the extra charge', () => {
    const base = computeSaleTotals([{ positionId: 1, unit: hyattItem, addons: [] }], {
      hotelGuestOf: HYATT,
      extraCharge: false,
      tipCents: 0,
    });
    expect(base).toMatchObject({
      subtotalCents: 2000,
      listCents: 3500,
      retailCents: 3500,
      extraCents: 0,
      tipPercent: 0,
    });
    const extra = computeSaleTotals([{ positionId: 1, unit: hyattItem, addons: [] }], {
      hotelGuestOf: HYATT,
      extraCharge: true,
      tipCents: 0,
    });
    expect(extra).toMatchObject({ subtotalCents: 3500, extraCents: 1500 });
  });
});

describe('rosterGuest: the guest a room charge is for', () => {
  const roster = [
    { room: '0305', guestName: 'Garcia, Maria', accompanyingGuestName: 'Garcia, Luis', additional: true },
    { room: '1204', guestName: 'Smith, John', accompanyingGuestName: 'Smith, Mary', additional: false },
  ];
  it('matches the surname exactly (any case) in that room, padded', () => {
    expect(rosterGuest(roster, 'garcia', '305')).toEqual({ extraCharge: true });
    expect(rosterGuest(roster, 'Smith', '1204')).toEqual({ extraCharge: false });
  });
  it('refuses a prefix, another room, or a blank', () => {
    expect(rosterGuest(roster, 'Gar', '0305')).toBeNull();
    expect(rosterGuest(roster, 'Garcia', '1204')).toBeNull();
    expect(rosterGuest(roster, '', '0305')).toBeNull();
  });
});

describe('equipmentData', () => {
  it('splits the unit type’s items at an hour into regular and hotel, equipment and add-ons', () => {
    const d = equipmentData([morning, after2, chair, cooler, wyndhamItem, allHotelTowel], { unitType: 'U', hour: 10 });
    expect(d.equipment).toEqual([morning]);
    expect(d.hotelEquipment).toEqual([wyndhamItem]);
    expect(d.addons).toEqual([chair]);
    expect(d.hotelAddons).toEqual([allHotelTowel]);
  });
});

describe('defaultTip for a $0 sale', () => {
  it('is no tip when the guest pays nothing (hotel package), $5 otherwise for card and room charge', () => {
    expect(defaultTip('Room Charge', 0)).toBe(0);
    expect(defaultTip('Room Charge', 3500)).toBe(5);
    expect(defaultTip('Room Charge')).toBe(5);
    expect(defaultTip('Cash', 3500)).toBe(0);
  });
});

// Issue 26: when nothing is on sale, the wizard says when sales open.
describe('nextOpeningHour', () => {
  const list = [buildPrice({ startTime: 7, endTime: 14 }), buildPrice({ startTime: 15, endTime: 20 })];
  it('is the next hour something of the unit type is on sale, or null when nothing opens today', () => {
    expect(nextOpeningHour(list, { unitType: 'U', hour: 4, hotelGuestOf: null })).toBe(7);
    expect(openingTime(7)).toBe('07:00');
    // Hours from 14:45 count as 15: the afternoon opens at 14:45.
    expect(nextOpeningHour(list, { unitType: 'U', hour: 14, hotelGuestOf: null })).toBe(15);
    expect(openingTime(15)).toBe('14:45');
    expect(nextOpeningHour(list, { unitType: 'U', hour: 21, hotelGuestOf: null })).toBeNull();
    expect(nextOpeningHour(list, { unitType: 'C', hour: 4, hotelGuestOf: null })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  type SaleEvent,
  type SaleState,
  carryOver,
  currentStep,
  doneSteps,
  initialSale,
  isStarted,
  saleReducer,
} from './machine';

const run = (s: SaleState, ...events: SaleEvent[]) => events.reduce(saleReducer, s);
const fresh = () => initialSale({ mode: 'single', ourTransactionId: 'sale-0001' });

describe('sale wizard state machine', () => {
  it('walks cash: payment → equipment → name → receipt → tip → signature → complete', () => {
    let s = fresh();
    expect(currentStep(s)).toBe('payment');
    s = run(s, { type: 'choosePayment', method: 'Cash' });
    expect(currentStep(s)).toBe('equipment');
    // CONTINUE does nothing until the step is filled.
    s = run(s, { type: 'confirm', step: 'equipment' });
    expect(currentStep(s)).toBe('equipment');
    s = run(s, { type: 'chooseEquipment', itemId: 1 }, { type: 'confirm', step: 'equipment' });
    expect(currentStep(s)).toBe('name');
    s = run(s, { type: 'editName', value: 'Pat' }, { type: 'confirm', step: 'name' });
    expect(currentStep(s)).toBe('receipt');
    s = run(s, { type: 'editReceipt', receiptPhone: '3055550100' }, { type: 'confirm', step: 'receipt' });
    s = run(s, { type: 'chooseTip', tip: 0 }, { type: 'confirm', step: 'tip' });
    expect(currentStep(s)).toBe('signature');
    s = run(s, { type: 'sign', png: 'data:image/png;base64,x' });
    expect(currentStep(s)).toBe('complete');
  });

  it('room charge goes hotel → guest → equipment → review; hotel Other has its own step, not the guest lookup', () => {
    let s = run(fresh(), { type: 'choosePayment', method: 'Room Charge' });
    expect(currentStep(s)).toBe('hotel');
    const named = run(s, { type: 'chooseHotel', hotelId: 1, isOther: false });
    expect(currentStep(named)).toBe('guest');
    s = run(s, { type: 'chooseHotel', hotelId: 9, isOther: true });
    expect(currentStep(s)).toBe('otherGuest');
    s = run(s, { type: 'editGuest', lastName: 'Doe' }, { type: 'confirmGuest', extraCharge: false });
    expect(currentStep(s)).toBe('otherGuest');
    s = run(s, { type: 'editGuest', roomNumber: '12' }, { type: 'confirmGuest', extraCharge: false });
    expect(s.manualEntry).toBe(true);
    expect(currentStep(s)).toBe('equipment');
    s = run(s, { type: 'chooseEquipment', itemId: 1 }, { type: 'confirm', step: 'equipment' });
    expect(currentStep(s)).toBe('review');
  });

  it('keeps the surcharge the guest lookup found', () => {
    const s = run(
      fresh(),
      { type: 'choosePayment', method: 'Room Charge' },
      { type: 'chooseHotel', hotelId: 1, isOther: false },
      { type: 'editGuest', lastName: 'Garcia', roomNumber: '0305' },
      { type: 'confirmGuest', extraCharge: true },
    );
    expect(s.extraCharge).toBe(true);
    expect(currentStep(s)).toBe('equipment');
  });

  it('Voucher asks for the voucher number', () => {
    let s = run(fresh(), { type: 'choosePayment', method: 'Voucher' });
    expect(currentStep(s)).toBe('voucher');
    s = run(s, { type: 'editVoucher', value: 'V-1' }, { type: 'confirm', step: 'voucher' });
    expect(currentStep(s)).toBe('equipment');
  });

  it('a cancel resets that step and what depends on it, never the name or the receipt contact', () => {
    let s = run(
      fresh(),
      { type: 'choosePayment', method: 'Cash' },
      { type: 'chooseEquipment', itemId: 1 },
      { type: 'confirm', step: 'equipment' },
      { type: 'editName', value: 'Pat' },
      { type: 'confirm', step: 'name' },
      { type: 'editReceipt', receiptPhone: '3055550100' },
      { type: 'confirm', step: 'receipt' },
      { type: 'chooseTip', tip: 3 },
      { type: 'confirm', step: 'tip' },
      { type: 'sign', png: 'png' },
    );
    s = run(s, { type: 'cancel', step: 'payment' });
    expect(currentStep(s)).toBe('payment');
    expect(s).toMatchObject({ paymentMethod: null, selectedUnit: null, tip: null, signature: null });
    expect(s).toMatchObject({ customerName: 'Pat', receiptPhone: '3055550100' });
    expect(doneSteps(s)).toEqual(['name', 'receipt']);
    // Choosing again picks up where it matters: equipment (priced anew), then the tip and signature.
    s = run(s, { type: 'choosePayment', method: 'Credit Card' }, { type: 'chooseEquipment', itemId: 2 });
    s = run(s, { type: 'confirm', step: 'equipment' });
    expect(currentStep(s)).toBe('tip');
    // Cancelling the receipt keeps everything else.
    const r = run(s, { type: 'cancel', step: 'receipt' });
    expect(r).toMatchObject({ receiptPhone: '', selectedUnit: 2, customerName: 'Pat' });
    expect(currentStep(r)).toBe('receipt');
  });

  it('an order joined keeps its shared choices locked; checkout starts at review; a changed order is reviewed again', () => {
    const shared = {
      paymentMethod: 'Cash' as const,
      hotelId: null,
      lastName: '',
      roomNumber: '',
      manualEntry: false,
      extraCharge: false,
      customerName: 'Group',
    };
    const joining = initialSale({ mode: 'joining', ourTransactionId: 'sale-0002', shared, orderKey: '6' });
    expect(currentStep(joining)).toBe('equipment');
    expect(run(joining, { type: 'cancel', step: 'payment' })).toBe(joining);
    expect(isStarted(joining)).toBe(false);
    let checkout = initialSale({ mode: 'checkout', ourTransactionId: 'sale-0003', shared, orderKey: '6,7' });
    expect(currentStep(checkout)).toBe('review');
    checkout = run(
      checkout,
      { type: 'confirm', step: 'review' },
      { type: 'editReceipt', receiptType: 'none' },
      { type: 'confirm', step: 'receipt' },
      { type: 'chooseTip', tip: 5 },
      { type: 'confirm', step: 'tip' },
      { type: 'sign', png: 'png' },
    );
    expect(currentStep(checkout)).toBe('complete');
    const changed = run(checkout, { type: 'orderChanged', orderKey: '6' });
    expect(currentStep(changed)).toBe('review');
    expect(changed).toMatchObject({ signature: null, tip: null, receiptType: 'none' });
    expect(run(checkout, { type: 'orderChanged', orderKey: '6,7' })).toBe(checkout);
  });

  it('is started once anything is chosen or a name typed', () => {
    expect(isStarted(fresh())).toBe(false);
    expect(isStarted(run(fresh(), { type: 'editName', value: 'P' }))).toBe(true);
    expect(isStarted(run(fresh(), { type: 'choosePayment', method: 'Cash' }))).toBe(true);
  });

  // Issue 32: a check-in is pinned to its booking from the start, and opening one is not a sale
  // started (Escape just closes); a walk-in carried to another unit keeps its choices but not its id.
  it('pins a check-in to its booking; its guest name alone is not a started sale', () => {
    const ref = { reservationId: 9, guestName: 'Rita Race', phone: '3055550199', depositCents: 1000 };
    const checkIn = initialSale({ mode: 'single', ourTransactionId: 'sale-0004', checkIn: ref });
    expect(checkIn).toMatchObject({ checkIn: ref, customerName: 'Rita Race', receiptPhone: '3055550199' });
    expect(isStarted(checkIn)).toBe(false);
    expect(isStarted(run(checkIn, { type: 'choosePayment', method: 'Cash' }))).toBe(true);
    expect(fresh().checkIn).toBeNull();
    // Only one unit's sale is a check-in.
    expect(initialSale({ mode: 'joining', ourTransactionId: 'sale-0005', checkIn: ref }).checkIn).toBeNull();
  });

  it('carries a refused walk-in to another unit: same kind keeps the equipment, another kind chooses again', () => {
    const signed = run(
      fresh(),
      { type: 'choosePayment', method: 'Cash' },
      { type: 'chooseEquipment', itemId: 1 },
      { type: 'confirm', step: 'equipment' },
      { type: 'editName', value: 'Pat' },
      { type: 'confirm', step: 'name' },
      { type: 'editReceipt', receiptType: 'none' },
      { type: 'confirm', step: 'receipt' },
      { type: 'chooseTip', tip: 5 },
      { type: 'confirm', step: 'tip' },
      { type: 'sign', png: 'png' },
    );
    const same = carryOver(signed, { ourTransactionId: 'sale-0006', sameUnitType: true, from: 'MB 27' });
    expect(currentStep(same)).toBe('signature');
    expect(same).toMatchObject({ ourTransactionId: 'sale-0006', carriedFrom: 'MB 27', selectedUnit: 1, tip: 5 });
    const other = carryOver(signed, { ourTransactionId: 'sale-0007', sameUnitType: false, from: 'MB 27' });
    expect(currentStep(other)).toBe('equipment');
    expect(other).toMatchObject({ paymentMethod: 'Cash', customerName: 'Pat', selectedUnit: null, signature: null });
  });
});

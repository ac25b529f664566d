import type { PaymentMethod } from '@sandbar/contract/rules/pricing';

/**
 * The sale wizard as an explicit state machine (spec section 4): its states are the spec's steps,
 * its events the user's taps. Pure: no React, no I/O, unit-tested on its own. The current step
 * is derived (the first step that applies and is not done), so there is no step pointer to keep
 * in sync. Cancelling a step resets that step and only the steps that depend on it.
 */

export type StepId =
  | 'payment'
  | 'voucher'
  | 'hotel'
  | 'otherGuest'
  | 'guest'
  | 'equipment'
  | 'name'
  | 'review'
  | 'receipt'
  | 'tip'
  | 'signature';
export type Step = StepId | 'complete';

/** single: one unit; joining: a unit added to an order in progress; checkout: the order itself. */
export type SaleMode = 'single' | 'joining' | 'checkout';

export type SaleReceiptType = 'phone' | 'email' | 'none';

/**
 * The booking a sale checks in, pinned when the sale starts (issue 32): a sale started as a walk-in
 * stays a walk-in (null) whatever the board shows later, and only a sale started from a booking's
 * Check in names that booking. The rest of the booking (deposit, extras) is read live by its id.
 */
export interface CheckInRef {
  reservationId: number;
  guestName: string;
  phone: string;
  depositCents: number;
}

export interface SaleState {
  mode: SaleMode;
  /** The idempotency key of this sale: kept with the draft, so a retry after a reload is the same sale. */
  ourTransactionId: string;
  paymentMethod: PaymentMethod | null;
  voucherNumber: string;
  hotelId: number | null;
  hotelIsOther: boolean;
  lastName: string;
  roomNumber: string;
  manualEntry: boolean;
  /** Additional-guest surcharge, found on the hotel's list by the contract's rosterGuest rule. */
  extraCharge: boolean;
  selectedUnit: number | null;
  addons: number[];
  customerName: string;
  receiptType: SaleReceiptType;
  receiptPhone: string;
  receiptEmail: string;
  /** Dollars; null until chosen (the tip step shows the default). */
  tip: number | null;
  signature: string | null;
  done: Partial<Record<StepId, true>>;
  /** Steps whose choice belongs to the order in progress: shown, not cancellable here. */
  locked: StepId[];
  /** The order's other units when last reviewed (ids): a change means the total must be reviewed again. */
  orderKey: string;
  /** The booking this sale checks in; null (or absent, in an older kept draft) for a walk-in. */
  checkIn?: CheckInRef | null;
  /** The unit this walk-in was refused on and carried from ("MB 27"), if it was. */
  carriedFrom?: string;
}

export const stepOrder: StepId[] = [
  'payment',
  'voucher',
  'hotel',
  'otherGuest',
  'guest',
  'equipment',
  'name',
  'review',
  'receipt',
  'tip',
  'signature',
];

/** What each step owns: its values go back to these when it is cancelled. */
const owned: Record<StepId, Partial<SaleState>> = {
  payment: { paymentMethod: null },
  voucher: { voucherNumber: '' },
  hotel: { hotelId: null, hotelIsOther: false },
  otherGuest: { lastName: '', roomNumber: '', manualEntry: false, extraCharge: false },
  guest: { lastName: '', roomNumber: '', manualEntry: false, extraCharge: false },
  equipment: { selectedUnit: null, addons: [] },
  name: { customerName: '' },
  review: {},
  receipt: { receiptType: 'phone', receiptPhone: '', receiptEmail: '' },
  tip: { tip: null },
  signature: { signature: null },
};

/**
 * What depends on what: the price depends on the buyer (payment, hotel, guest) and the items;
 * the tip's default on the method and the price; the signature signs the total. The customer's
 * name, the receipt contact and the voucher number depend on nothing else, so they survive.
 */
const dependents: Record<StepId, StepId[]> = {
  payment: ['voucher', 'hotel', 'otherGuest', 'guest', 'equipment', 'review', 'tip', 'signature'],
  voucher: [],
  hotel: ['otherGuest', 'guest', 'equipment', 'review', 'tip', 'signature'],
  otherGuest: ['equipment', 'review', 'tip', 'signature'],
  guest: ['equipment', 'review', 'tip', 'signature'],
  equipment: ['review', 'tip', 'signature'],
  name: [],
  review: [],
  receipt: [],
  tip: ['signature'],
  signature: [],
};

export type SaleEvent =
  | { type: 'choosePayment'; method: PaymentMethod }
  | { type: 'editVoucher'; value: string }
  | { type: 'chooseHotel'; hotelId: number; isOther: boolean }
  | { type: 'editGuest'; lastName?: string; roomNumber?: string; manualEntry?: boolean }
  | { type: 'confirmGuest'; extraCharge: boolean }
  | { type: 'chooseEquipment'; itemId: number }
  | { type: 'setAddons'; itemIds: number[] }
  | { type: 'editName'; value: string }
  | { type: 'editReceipt'; receiptType?: SaleReceiptType; receiptPhone?: string; receiptEmail?: string }
  | { type: 'chooseTip'; tip: number }
  | { type: 'sign'; png: string }
  /** CONTINUE on a step whose value is already in the state. */
  | { type: 'confirm'; step: StepId }
  | { type: 'cancel'; step: StepId }
  /** The order's units changed under the checkout (a unit removed): its total must be reviewed again. */
  | { type: 'orderChanged'; orderKey: string };

export function initialSale(o: {
  mode: SaleMode;
  ourTransactionId: string;
  orderKey?: string;
  /** Started from a booking's Check in (single mode only): the guest's name and phone filled in. */
  checkIn?: CheckInRef | null;
  /** The order's shared choices (joining or checking out an order). */
  shared?: {
    paymentMethod: PaymentMethod;
    voucherNumber?: string;
    hotelId: number | null;
    hotelIsOther?: boolean;
    lastName: string;
    roomNumber: string;
    manualEntry: boolean;
    extraCharge: boolean;
    customerName: string;
  };
}): SaleState {
  const base: SaleState = {
    mode: o.mode,
    ourTransactionId: o.ourTransactionId,
    paymentMethod: null,
    voucherNumber: '',
    hotelId: null,
    hotelIsOther: false,
    lastName: '',
    roomNumber: '',
    manualEntry: false,
    extraCharge: false,
    selectedUnit: null,
    addons: [],
    customerName: '',
    receiptType: 'phone',
    receiptPhone: '',
    receiptEmail: '',
    tip: null,
    signature: null,
    done: {},
    locked: [],
    orderKey: o.orderKey ?? '',
    checkIn: null,
  };
  if (o.checkIn && o.mode === 'single')
    return { ...base, checkIn: o.checkIn, customerName: o.checkIn.guestName, receiptPhone: o.checkIn.phone };
  if (!o.shared) return base;
  const s = o.shared;
  const state: SaleState = {
    ...base,
    paymentMethod: s.paymentMethod,
    voucherNumber: s.voucherNumber ?? '',
    hotelId: s.hotelId,
    hotelIsOther: s.hotelIsOther ?? false,
    lastName: s.lastName,
    roomNumber: s.roomNumber,
    manualEntry: s.manualEntry,
    extraCharge: s.extraCharge,
    customerName: s.customerName,
  };
  const locked = (['payment', 'voucher', 'hotel', 'otherGuest', 'guest', 'name'] as StepId[]).filter((st) =>
    applies(st, state),
  );
  return { ...state, locked, done: Object.fromEntries(locked.map((st) => [st, true])) };
}

/** Whether a step is part of this sale at all (given the choices made so far). */
export function applies(step: StepId, s: SaleState): boolean {
  const roomCharge = s.paymentMethod === 'Room Charge';
  switch (step) {
    case 'payment':
      return true;
    case 'voucher':
      return s.paymentMethod === 'Voucher';
    case 'hotel':
      return roomCharge;
    case 'otherGuest':
      return roomCharge && s.hotelId !== null && s.hotelIsOther;
    case 'guest':
      return roomCharge && s.hotelId !== null && !s.hotelIsOther;
    case 'equipment':
      return s.mode !== 'checkout';
    case 'name':
      return s.mode === 'single' && !roomCharge;
    case 'review':
      return roomCharge || s.mode !== 'single';
    default:
      return true;
  }
}

/** The step on screen: the first that applies and is not done. */
export function currentStep(s: SaleState): Step {
  return stepOrder.find((st) => applies(st, s) && !s.done[st]) ?? 'complete';
}

/** Steps done so far, in order (the summary lines with their Cancel buttons). */
export function doneSteps(s: SaleState): StepId[] {
  return stepOrder.filter((st) => applies(st, s) && s.done[st]);
}

/** Has the user started anything worth asking about before leaving? (A check-in's guest name came with the booking.) */
export function isStarted(s: SaleState): boolean {
  return (
    stepOrder.some((st) => s.done[st] && !s.locked.includes(st)) ||
    (s.mode === 'single' && s.customerName.trim() !== '' && s.customerName !== s.checkIn?.guestName)
  );
}

/**
 * A walk-in refused on its unit (booked meanwhile, issue 32) carried to another unit: the buyer,
 * name, receipt and tip stay; the equipment stays only on a unit of the same type; the signature
 * is asked again (it signs this unit's total). A new transaction id: nothing was recorded.
 */
export function carryOver(
  s: SaleState,
  o: { ourTransactionId: string; sameUnitType: boolean; from: string },
): SaleState {
  const moved: SaleState = {
    ...s,
    mode: 'single',
    checkIn: null,
    ourTransactionId: o.ourTransactionId,
    orderKey: '',
    carriedFrom: o.from,
  };
  return o.sameUnitType ? reset(moved, 'signature') : reset(moved, 'equipment');
}

/** Resets `step` and every step that depends on it, transitively; other steps keep their values. */
function reset(s: SaleState, step: StepId): SaleState {
  const seen = new Set<StepId>();
  const visit = (st: StepId) => {
    if (seen.has(st)) return;
    seen.add(st);
    for (const d of dependents[st]) visit(d);
  };
  visit(step);
  let next: SaleState = { ...s, done: { ...s.done } };
  for (const st of seen) {
    if (s.locked.includes(st)) continue;
    next = { ...next, ...owned[st] };
    delete next.done[st];
  }
  return next;
}

/** Resets what depends on `step` (not the step itself): its value is about to change. */
function resetDependents(s: SaleState, step: StepId): SaleState {
  return dependents[step].reduce((acc, d) => reset(acc, d), s);
}

const finish = (s: SaleState, step: StepId): SaleState => ({ ...s, done: { ...s.done, [step]: true } });

export function saleReducer(s: SaleState, e: SaleEvent): SaleState {
  switch (e.type) {
    case 'choosePayment':
      if (s.locked.includes('payment')) return s;
      return finish({ ...resetDependents(s, 'payment'), paymentMethod: e.method }, 'payment');
    case 'editVoucher':
      return { ...s, voucherNumber: e.value };
    case 'chooseHotel':
      if (s.locked.includes('hotel')) return s;
      return finish({ ...resetDependents(s, 'hotel'), hotelId: e.hotelId, hotelIsOther: e.isOther }, 'hotel');
    case 'editGuest':
      return {
        ...s,
        ...(e.lastName !== undefined ? { lastName: e.lastName } : {}),
        ...(e.roomNumber !== undefined ? { roomNumber: e.roomNumber } : {}),
        ...(e.manualEntry !== undefined ? { manualEntry: e.manualEntry } : {}),
      };
    case 'confirmGuest': {
      const step: StepId = s.hotelIsOther ? 'otherGuest' : 'guest';
      if (!s.lastName.trim() || !s.roomNumber.trim()) return s;
      // Hotel Other has no guest list: what was typed is a manual entry.
      return finish({ ...s, extraCharge: e.extraCharge, manualEntry: s.hotelIsOther ? true : s.manualEntry }, step);
    }
    case 'chooseEquipment':
      return { ...s, selectedUnit: e.itemId };
    case 'setAddons':
      return { ...s, addons: [...e.itemIds] };
    case 'editName':
      return { ...s, customerName: e.value };
    case 'editReceipt':
      return {
        ...s,
        ...(e.receiptType !== undefined ? { receiptType: e.receiptType } : {}),
        ...(e.receiptPhone !== undefined ? { receiptPhone: e.receiptPhone } : {}),
        ...(e.receiptEmail !== undefined ? { receiptEmail: e.receiptEmail } : {}),
      };
    case 'chooseTip':
      return { ...resetDependents(s, 'tip'), tip: e.tip };
    case 'sign':
      return finish({ ...s, signature: e.png }, 'signature');
    case 'confirm':
      if (!canConfirm(s, e.step)) return s;
      return finish(s, e.step);
    case 'cancel':
      if (s.locked.includes(e.step)) return s;
      return reset(s, e.step);
    case 'orderChanged':
      if (e.orderKey === s.orderKey) return s;
      return { ...reset(reset(s, 'review'), 'tip'), orderKey: e.orderKey };
  }
}

/** CONTINUE is offered only when the step's value is filled (spec section 5). */
export function canConfirm(s: SaleState, step: StepId): boolean {
  switch (step) {
    case 'voucher':
      return s.voucherNumber.trim() !== '';
    case 'equipment':
      return s.selectedUnit !== null;
    case 'name':
      return s.customerName.trim() !== '';
    case 'receipt':
      return s.receiptType === 'none' || (s.receiptType === 'phone' ? s.receiptPhone : s.receiptEmail).trim() !== '';
    case 'tip':
      return s.tip !== null;
    case 'otherGuest':
    case 'guest':
      return s.lastName.trim() !== '' && s.roomNumber.trim() !== '';
    default:
      return true;
  }
}

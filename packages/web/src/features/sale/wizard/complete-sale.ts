import { centsToMoney } from '@sandbar/contract/common';
import { type PaymentMethod, padRoom } from '@sandbar/contract/rules/pricing';
import type { CustomerData, SaveCustomerResponse } from '@sandbar/contract/sales';
import { useCallback, useRef } from 'react';
import { currentLanguage } from '../../../lib/current-language';
import { useSaveCustomer } from '../api/save-customer';
import type { SaleState } from './machine';
import type { OrderLine, Quote } from './quote';

/** The unit whose modal the sale is completed from. */
export interface SaleUnitRef {
  id: number;
  unitType: string;
}

/**
 * The saveCustomer payload of a finished wizard: pure, so a queued (offline) sale can be built
 * and replayed from the same state. In checkout every unit is in `orderLines`; otherwise this
 * unit is the last line.
 */
export function buildCustomerData(a: {
  state: SaleState;
  quote: Quote;
  unit: SaleUnitRef;
  orderLines: OrderLine[];
  cartId: string | null;
  cardTransactionId?: string | null;
  /** The booking this sale checks in (issue 24). */
  reservationId?: number | null;
}): CustomerData {
  const { state: s, quote: q, unit } = a;
  const thisLine =
    s.mode === 'checkout' ? [] : [{ unitId: unit.id, selectedUnit: s.selectedUnit!, selectedAddons: s.addons }];
  const lines = [
    ...a.orderLines.map((l) => ({ unitId: l.unitId, selectedUnit: l.selectedUnit, selectedAddons: l.selectedAddons })),
    ...thisLine,
  ];
  const multi = lines.length > 1;
  const first = lines[lines.length - 1]!;
  const roomCharge = s.paymentMethod === 'Room Charge';
  return {
    ourTransactionId: s.ourTransactionId,
    unitId: first.unitId,
    unitType: unit.unitType,
    paymentMethod: s.paymentMethod as PaymentMethod,
    voucherNumber: s.paymentMethod === 'Voucher' ? s.voucherNumber.trim() : '',
    roomChargeHotel: s.hotelId ?? '',
    lastName: s.lastName,
    roomNumber: roomCharge ? padRoom(s.roomNumber) : '',
    customerName: s.customerName,
    manualEntry: s.manualEntry ? '1' : '0',
    selectedUnit: first.selectedUnit,
    selectedAddons: first.selectedAddons.join(','),
    addonTotal: centsToMoney(q.addonCents),
    orderTotal: centsToMoney(q.subtotalCents),
    tipAmount: centsToMoney(q.tipCents),
    wyndhamExtraCharge: s.extraCharge ? '1' : '0',
    signature: s.signature,
    transactionID: a.cardTransactionId ?? null,
    cartId: a.cartId,
    cartUnits: multi ? lines.map((l) => ({ ...l, selectedAddons: l.selectedAddons.join(',') })) : [],
    hasCartUnits: multi ? '1' : '0',
    multi: multi ? '1' : '0',
    receiptType: s.receiptType,
    customerPhone: s.receiptType === 'phone' ? s.receiptPhone : '',
    customerEmail: s.receiptType === 'email' ? s.receiptEmail : '',
    // The language on screen is the guest's receipt language (decision 122).
    languageCode: currentLanguage(),
    ...(a.reservationId ? { reservationId: a.reservationId } : {}),
  };
}

/**
 * The one place a sale is completed: sends saveCustomer once, however often COMPLETE SALE is
 * tapped (a second tap while the first is in flight gets the same promise, so one toast), and
 * calls `onSaved` once. Queued offline sales hook in here.
 */
export function useCompleteSale(onSaved: (res: SaveCustomerResponse) => void) {
  const save = useSaveCustomer();
  const inFlight = useRef<Promise<SaveCustomerResponse> | null>(null);
  const complete = useCallback(
    (data: CustomerData): Promise<SaveCustomerResponse> => {
      if (inFlight.current) return inFlight.current;
      const p = save.mutateAsync({ customerData: data }).then(
        (res) => {
          onSaved(res);
          return res;
        },
        (err: unknown) => {
          inFlight.current = null;
          throw err;
        },
      );
      inFlight.current = p;
      return p;
    },
    [save, onSaved],
  );
  return { complete, isPending: save.isPending, error: save.error };
}

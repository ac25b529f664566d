import type { FnbTab } from '@sandbar/contract/fnb';
import { SettleTab } from './settle-tab';
import { nextReservationStatus } from '@sandbar/contract/rules/reservation';
import { moneyToCents } from '@sandbar/contract/common';
import type { Unit } from '@sandbar/contract/units';
import { CartBar } from './cart-bar';
import { CustomerReceiptActions } from './customer-receipt-actions';
import type { UnitReservation } from '@sandbar/contract/reservations';
import { draftStore } from '../wizard/draft-store';
import type { CheckInRef } from '../wizard/machine';
import { ReservedNotice } from './reserved-notice';
import { type LeaveGuard, SaleWizard, checkInDraftKey } from './sale-wizard';

// Render functions for the board's unit modal slots; app/ plugs them in (features stay apart).

/** The unit's booking of today that may be checked in (a held one, online and waiting for staff, is confirmed first). */
function checkInOf(unit: Unit) {
  const r =
    unit.unitStatus === 1 ? unit.reservations?.find((b) => nextReservationStatus(b.status, 'checkIn')) : undefined;
  if (!r) return null;
  return {
    id: r.id,
    guestName: r.guestName,
    phone: r.phone,
    depositCents: moneyToCents(r.depositBalance),
    items: r.itemIds ?? [],
    hotelId: r.hotelId,
    roomNumber: r.roomNumber,
    lastName: r.lastName,
  };
}

const refOf = (r: UnitReservation): CheckInRef => ({
  reservationId: r.id,
  guestName: r.guestName,
  phone: r.phone,
  depositCents: moneyToCents(r.depositBalance),
});

/**
 * New Customer. A reserved unit (issue 32) shows who holds it and that a walk-in cannot be sold it
 * today; the wizard opens there only as a booking's check-in (its Check in tapped, or one kept from
 * before), or to finish a walk-in started before the booking (which it then refuses, offering
 * another unit or cancel).
 */
export function renderSaleWizard(ctx: {
  unit: Unit;
  day: string;
  close(): void;
  refresh(): void;
  guardLeave(guard: LeaveGuard | null): void;
  checkInId?: number | null;
}) {
  const bookings = ctx.unit.unitStatus === 1 ? (ctx.unit.reservations ?? []) : [];
  const requested = bookings.find((r) => r.id === ctx.checkInId && nextReservationStatus(r.status, 'checkIn'));
  const kept = bookings.find((r) => draftStore.read(checkInDraftKey(r.id)) !== null);
  const checkIn = requested ?? kept;
  if (!checkIn && bookings.length > 0 && draftStore.read(`unit:${ctx.unit.id}`) === null)
    return <ReservedNotice unit={ctx.unit} booking={bookings[0]!} />;
  return (
    <SaleWizard
      key={`${ctx.unit.id}:${checkIn?.id ?? 'walk-in'}`}
      day={ctx.day}
      guardLeave={ctx.guardLeave}
      checkIn={checkIn ? refOf(checkIn) : null}
      unit={{
        id: ctx.unit.id,
        unitType: ctx.unit.unitType,
        unitNumber: ctx.unit.unitNumber,
        location: ctx.unit.location,
        heldBy: ctx.unit.unitStatus === 1 ? ctx.unit.heldBy : null,
        reservation: checkInOf(ctx.unit),
        bookedFor: bookings[0]?.guestName ?? null,
      }}
      onRefresh={ctx.refresh}
      onDone={() => {
        ctx.refresh();
        ctx.close();
      }}
    />
  );
}

export function renderCustomerReceiptActions(ctx: { unit: Unit; customerId: number; refresh(): void }) {
  const c = ctx.unit.customers.find((x) => x.id === ctx.customerId);
  if (!c?.saleId) return null;
  return (
    <CustomerReceiptActions
      unitId={ctx.unit.id}
      customerId={ctx.customerId}
      receiptType={c.receiptType}
      receiptPhone={c.receiptPhone}
      receiptEmail={c.receiptEmail}
      onChanged={ctx.refresh}
    />
  );
}

export function renderCartBar(ctx: { openUnit(unitId: number): void }) {
  return <CartBar onCheckOut={ctx.openUnit} />;
}

/** A unit's F&B tab settled through the wizard's steps (issue 35 point 7). */
export function renderSettleTab(ctx: { tab: FnbTab; unitLabel: string; onSettled(receiptId: string): void }) {
  return <SettleTab key={ctx.tab.id} tab={ctx.tab} unitLabel={ctx.unitLabel} onSettled={ctx.onSettled} />;
}

import { nextReservationStatus } from '@sandbar/contract/rules/reservation';
import { moneyToCents } from '@sandbar/contract/common';
import type { Unit } from '@sandbar/contract/units';
import { CartBar } from './cart-bar';
import { CustomerReceiptActions } from './customer-receipt-actions';
import { type LeaveGuard, SaleWizard } from './sale-wizard';

// Render functions for the board's unit modal slots; app/ plugs them in (features stay apart).

/** A unit booked for the day is sold to its booking's guest (check-in, issue 24). */
function checkInOf(unit: Unit) {
  // A held booking (online, waiting for staff) is confirmed first: only one the machine lets check in.
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

export function renderSaleWizard(ctx: {
  unit: Unit;
  day: string;
  close(): void;
  refresh(): void;
  guardLeave(guard: LeaveGuard | null): void;
}) {
  return (
    <SaleWizard
      key={ctx.unit.id}
      day={ctx.day}
      guardLeave={ctx.guardLeave}
      unit={{
        id: ctx.unit.id,
        unitType: ctx.unit.unitType,
        unitNumber: ctx.unit.unitNumber,
        location: ctx.unit.location,
        heldBy: ctx.unit.unitStatus === 1 ? ctx.unit.heldBy : null,
        reservation: checkInOf(ctx.unit),
      }}
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

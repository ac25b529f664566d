import type { FnbTab } from '@sandbar/contract/fnb';
import type { Unit } from '@sandbar/contract/units';
import { type ReactNode, createContext, useContext } from 'react';

/**
 * What the dashboard's unit modal hands to a plugged-in feature (the sale wizard and the
 * customer actions of the selling feature). Features do not import each other: app/ composes
 * them by providing this context around the router (house style).
 */
export interface UnitSlotContext {
  /** The unit as the board shows it (status, version, customers…). */
  unit: Unit;
  /** The business day shown, YYYY-MM-DD. */
  day: string;
  /** That day as a 10-digit timestamp. */
  timeStamp: number;
  /** Closes the unit modal (spec section 4: saving a customer closes it). */
  close(): void;
  /** Refetches the unit and the board. */
  refresh(): void;
  /**
   * A plugged-in feature with work in progress (a sale) sets what the modal asks before it is
   * closed by the backdrop, Escape or ×; null when nothing would be lost.
   */
  guardLeave(guard: LeaveGuard | null): void;
  /** Switches the modal to a tab. */
  openTab?(tab: 'number' | 'newCustomer' | 'customers' | 'log' | 'notes'): void;
  /**
   * The booking whose Check in was tapped in this modal: New Customer sells it as that booking's
   * check-in (issue 32: a reserved unit opens on its booking; the wizard starts only here).
   */
  checkInId?: number | null;
  /** A booking's Check in: opens New Customer on its check-in. */
  startCheckIn?(reservationId: number): void;
  /** The unit id of a unit number in this unit's location (a booking's Move), or null. */
  resolveUnit?(unitNumber: number): number | null;
}

/** What the unit modal asks before closing on work in progress. */
export interface LeaveGuard {
  message: string;
  stay: string;
  leave: string;
  discard: string;
  onDiscard(): void;
  /**
   * The sale was sent from this modal (in flight, or its answer lost). The live board may then show
   * the unit paid by this very sale: the wizard stays, to end in its own outcome (issue 23).
   */
  sending?: boolean;
}

export interface UnitModalSlotsValue {
  /** The New Customer tab's content (the sale wizard). Without it the tab offers Mark Occupied. */
  renderNewCustomer?: (ctx: UnitSlotContext) => ReactNode;
  /** Extra actions for a customer row in the Customers tab (resend receipt, edit receipt). */
  renderCustomerActions?: (ctx: UnitSlotContext & { customerId: number }) => ReactNode;
  /** Shown above the tabs of a unit booked for the day (the bookings feature: check in, move, cancel…). */
  renderReservation?: (ctx: UnitSlotContext) => ReactNode;
  /** Shown above the board (e.g. the multi-unit cart bar with 'Cancel Order' and 'Check Out'). */
  renderDashboardBar?: (ctx: { openUnit(unitId: number): void }) => ReactNode;
  /** The unit's F&B (issue 35): its Order action, its orders and its tab, above the modal's tabs. */
  renderUnitFnb?: (ctx: UnitSlotContext) => ReactNode;
  /** A tab settled through the sale wizard's steps (payment, receipt, tip, signature): the selling feature's. */
  renderSettleTab?: (ctx: { tab: FnbTab; unitLabel: string; onSettled(receiptId: string): void }) => ReactNode;
  /**
   * The board's small marker: the ids of the units with an F&B order on its way (issue 35 point 5).
   * A hook, called once by the board on every render (the slots object never changes).
   */
  useUnitsWithOrderOnWay?: (day: string) => ReadonlySet<number>;
}

export const UnitModalSlots = createContext<UnitModalSlotsValue>({});

export function useUnitModalSlots(): UnitModalSlotsValue {
  return useContext(UnitModalSlots);
}

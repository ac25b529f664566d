import type { ReactNode } from 'react';
import { BookingsLink, renderReservationPanel } from '../features/bookings/components/booking-slots';
import { FnbLinks } from '../features/fnb/components/fnb-links';
import { renderUnitFnb, useUnitsWithOrderOnWay } from '../features/fnb/components/unit-fnb';
import {
  renderCartBar,
  renderCustomerReceiptActions,
  renderSaleWizard,
  renderSettleTab,
} from '../features/sale/components/sale-slots';
import { UnitModalSlots, type UnitModalSlotsValue } from './unit-modal-slots';

// Features do not import each other: the board's unit modal gets the selling, booking and F&B features' pieces here.
const slots: UnitModalSlotsValue = {
  renderNewCustomer: renderSaleWizard,
  renderCustomerActions: renderCustomerReceiptActions,
  renderDashboardBar: (ctx) => (
    <>
      <BookingsLink />
      <FnbLinks />
      {renderCartBar(ctx)}
    </>
  ),
  renderReservation: renderReservationPanel,
  renderUnitFnb,
  renderSettleTab,
  useUnitsWithOrderOnWay,
};

export function FeatureComposition({ children }: { children: ReactNode }) {
  return <UnitModalSlots.Provider value={slots}>{children}</UnitModalSlots.Provider>;
}

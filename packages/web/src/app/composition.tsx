import type { ReactNode } from 'react';
import { BookingsLink, renderReservationPanel } from '../features/bookings/components/booking-slots';
import { renderCartBar, renderCustomerReceiptActions, renderSaleWizard } from '../features/sale/components/sale-slots';
import { UnitModalSlots, type UnitModalSlotsValue } from './unit-modal-slots';

// Features do not import each other: the board's unit modal gets the selling and booking features' pieces here.
const slots: UnitModalSlotsValue = {
  renderNewCustomer: renderSaleWizard,
  renderCustomerActions: renderCustomerReceiptActions,
  renderDashboardBar: (ctx) => (
    <>
      <BookingsLink />
      {renderCartBar(ctx)}
    </>
  ),
  renderReservation: renderReservationPanel,
};

export function FeatureComposition({ children }: { children: ReactNode }) {
  return <UnitModalSlots.Provider value={slots}>{children}</UnitModalSlots.Provider>;
}

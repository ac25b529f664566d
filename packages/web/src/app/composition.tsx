import type { ReactNode } from 'react';
import { renderCartBar, renderCustomerReceiptActions, renderSaleWizard } from '../features/sale/components/sale-slots';
import { UnitModalSlots, type UnitModalSlotsValue } from './unit-modal-slots';

// Features do not import each other: the board's unit modal gets the selling feature's pieces here.
const slots: UnitModalSlotsValue = {
  renderNewCustomer: renderSaleWizard,
  renderCustomerActions: renderCustomerReceiptActions,
  renderDashboardBar: renderCartBar,
};

export function FeatureComposition({ children }: { children: ReactNode }) {
  return <UnitModalSlots.Provider value={slots}>{children}</UnitModalSlots.Provider>;
}

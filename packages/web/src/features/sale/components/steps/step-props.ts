import type { SaleEvent, SaleState } from '../../wizard/machine';

/** Every step gets the state and the dispatcher of the wizard's state machine. */
export interface StepProps {
  state: SaleState;
  dispatch: (e: SaleEvent) => void;
}

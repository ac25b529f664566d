import { Group } from '@mantine/core';
import { paymentMethods } from '@sandbar/contract/rules/pricing';
import { ChoiceButton } from './choice-button';
import type { StepProps } from './step-props';

/** Select Payment Method: Credit Card, Room Charge, Voucher, Cash. */
export function PaymentStep({ dispatch }: StepProps) {
  return (
    <Group>
      {paymentMethods.map((m) => (
        <ChoiceButton key={m} onClick={() => dispatch({ type: 'choosePayment', method: m })}>
          {m}
        </ChoiceButton>
      ))}
    </Group>
  );
}

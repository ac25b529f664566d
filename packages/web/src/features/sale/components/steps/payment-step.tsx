import { Alert, Group, Stack } from '@mantine/core';
import { paymentMethods } from '@sandbar/contract/rules/pricing';
import { useTranslation } from 'react-i18next';
import { useConnectivity } from '../../../../lib/connectivity';
import { isQueueable } from '../../../../lib/sale-queue';
import { ChoiceButton } from './choice-button';
import type { StepProps } from './step-props';

/** Select Payment Method: Credit Card, Room Charge, Voucher, Cash. */
export function PaymentStep({ dispatch }: StepProps) {
  const { t } = useTranslation();
  // Offline (issue 13): cash and voucher are kept on the tablet; card and room charge wait.
  const offline = !useConnectivity().online;
  return (
    <Stack gap="xs">
      <Group>
        {paymentMethods.map((m) => (
          <ChoiceButton
            key={m}
            onClick={() => dispatch({ type: 'choosePayment', method: m })}
            disabled={offline && !isQueueable(m)}
          >
            {t(`paymentMethods.${m}`, { defaultValue: m })}
          </ChoiceButton>
        ))}
      </Group>
      {offline && (
        <Alert color="orange" variant="light" data-testid="online-only">
          {t('offline.onlineOnly')}
        </Alert>
      )}
    </Stack>
  );
}

import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { canConfirm } from '../../wizard/machine';
import { ContinueButton } from './continue-button';
import type { StepProps } from './step-props';

/** Hotel Other: no guest list, so last name and room are typed (a manual entry, regular prices). */
export function OtherGuestStep({ state, dispatch }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <TextInput
        label={t('sale.lastName')}
        value={state.lastName}
        onChange={(e) => dispatch({ type: 'editGuest', lastName: e.currentTarget.value })}
      />
      <TextInput
        label={t('sale.roomNumber')}
        value={state.roomNumber}
        onChange={(e) => dispatch({ type: 'editGuest', roomNumber: e.currentTarget.value })}
      />
      <ContinueButton
        show={canConfirm(state, 'otherGuest')}
        onClick={() => dispatch({ type: 'confirmGuest', extraCharge: false })}
      />
    </Stack>
  );
}

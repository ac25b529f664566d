import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { canConfirm } from '../../wizard/machine';
import { ContinueButton } from './continue-button';
import type { StepProps } from './step-props';

/** Voucher sales: the voucher's number (printed on the receipt, kept for the reports). */
export function VoucherStep({ state, dispatch }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <TextInput
        label={t('sale.voucherNumber')}
        value={state.voucherNumber}
        maxLength={50}
        onChange={(e) => dispatch({ type: 'editVoucher', value: e.currentTarget.value })}
        data-autofocus
      />
      <ContinueButton
        show={canConfirm(state, 'voucher')}
        onClick={() => dispatch({ type: 'confirm', step: 'voucher' })}
      />
    </Stack>
  );
}

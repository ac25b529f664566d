import { Alert, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api';
import { useCheckReceiptInfo } from '../../api/check-receipt-info';
import { type SaleReceiptType, canConfirm } from '../../wizard/machine';
import { ChoiceButton } from './choice-button';
import { ContinueButton } from './continue-button';
import type { StepProps } from './step-props';

const types: SaleReceiptType[] = ['phone', 'email', 'none'];

/**
 * Select Receipt Type: a text (default), an e-mail, or no receipt. The server checks the contact;
 * on status true the sale proceeds, otherwise its message shows in a red alert (spec section 5).
 */
export function ReceiptStep({ state, dispatch }: StepProps) {
  const { t } = useTranslation();
  const check = useCheckReceiptInfo();
  const [message, setMessage] = useState<string | null>(null);
  // Busy from the tap until the step moves on (or the check says no): the check's own pending flag
  // ends a render before the step changes, and a second tap in between was spent on this step
  // again — staff tapped CONTINUE twice and stood on Select Tip.
  const [busy, setBusy] = useState(false);
  // An edited contact is a new question: CONTINUE is offered again.
  useEffect(() => setBusy(false), [state.receiptType, state.receiptPhone, state.receiptEmail]);
  const submit = async () => {
    if (busy) return;
    setMessage(null);
    if (state.receiptType === 'none') return dispatch({ type: 'confirm', step: 'receipt' });
    setBusy(true);
    try {
      const res = await check.mutateAsync({
        receiptType: state.receiptType,
        receiptPhone: state.receiptPhone,
        receiptEmail: state.receiptEmail,
      });
      if (res.status) return dispatch({ type: 'confirm', step: 'receipt' });
      setMessage(res.message);
    } catch (err) {
      setMessage(err instanceof ApiError ? err.details : String(err));
    }
    setBusy(false);
  };
  return (
    <Stack gap="xs">
      <Group gap="xs" role="group" aria-label={t('sale.steps.receipt')}>
        {types.map((type) => (
          <ChoiceButton
            key={type}
            selected={state.receiptType === type}
            onClick={() => {
              setMessage(null);
              dispatch({ type: 'editReceipt', receiptType: type });
            }}
          >
            {t(`sale.receiptTypes.${type}`)}
          </ChoiceButton>
        ))}
      </Group>
      {state.receiptType === 'phone' && (
        <TextInput
          type="tel"
          inputMode="numeric"
          label={t('sale.receiptPhone')}
          value={state.receiptPhone}
          onChange={(e) => dispatch({ type: 'editReceipt', receiptPhone: e.currentTarget.value })}
        />
      )}
      {state.receiptType === 'email' && (
        <TextInput
          type="text"
          label={t('sale.receiptEmail')}
          value={state.receiptEmail}
          onChange={(e) => dispatch({ type: 'editReceipt', receiptEmail: e.currentTarget.value })}
        />
      )}
      {message && (
        <Alert color="red" data-testid="receipt-alert">
          {message}
        </Alert>
      )}
      <ContinueButton show={canConfirm(state, 'receipt')} onClick={() => void submit()} loading={busy} />
    </Stack>
  );
}

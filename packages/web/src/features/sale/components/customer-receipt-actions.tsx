import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { canPrint, printOnAndroid } from '../../../lib/android-bridge';
import { toastError, toastSuccess } from '../../../lib/notify';
import { usePrintReceipt } from '../api/print-receipt';
import { useResendReceipt } from '../api/resend-receipt';
import { useUpdateReceipt } from '../api/update-receipt';
import { ChoiceButton } from './steps/choice-button';

/** Customers tab actions: resend the receipt, edit its phone or e-mail, print it (in the wrapper). */
export function CustomerReceiptActions({
  unitId,
  customerId,
  receiptType,
  receiptPhone,
  receiptEmail,
  onChanged,
}: {
  unitId: number;
  customerId: number;
  receiptType?: string;
  receiptPhone?: string;
  receiptEmail?: string;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const resend = useResendReceipt();
  const update = useUpdateReceipt();
  const print = usePrintReceipt();
  const [editing, setEditing] = useState(false);
  const [type, setType] = useState<'phone' | 'email'>(receiptType === 'email' ? 'email' : 'phone');
  const [phone, setPhone] = useState(receiptPhone ?? '');
  const [email, setEmail] = useState(receiptEmail ?? '');
  const [message, setMessage] = useState<string | null>(null);

  const doResend = async () => {
    const r = await resend.mutateAsync({ customerId, reprint: '0' });
    if (r.status) toastSuccess(r.message);
    else toastError(r.message);
  };
  const save = async () => {
    setMessage(null);
    try {
      const r = await update.mutateAsync({
        unitId,
        customerId,
        receiptType: type,
        receiptPhone: phone,
        receiptEmail: email,
      });
      if (!r.status) return setMessage(r.message);
      toastSuccess(r.message);
      setEditing(false);
      onChanged?.();
    } catch (err) {
      setMessage(err instanceof ApiError ? err.details : String(err));
    }
  };
  const doPrint = async () => {
    try {
      const r = await print.mutateAsync({ unitId, customerId, reprint: '0' });
      printOnAndroid(r.PrintCode);
    } catch (err) {
      console.warn('printReceipt failed', err);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button variant="light" onClick={() => void doResend().catch(() => undefined)} loading={resend.isPending}>
          {t('sale.resendReceipt')}
        </Button>
        <Button variant="light" onClick={() => setEditing((e) => !e)}>
          {t('sale.editReceipt')}
        </Button>
        {canPrint() && (
          <Button variant="light" onClick={() => void doPrint()}>
            {t('sale.printReceipt')}
          </Button>
        )}
      </Group>
      {editing && (
        <Stack gap="xs">
          <Group gap="xs" role="group" aria-label={t('sale.steps.receipt')}>
            {(['phone', 'email'] as const).map((v) => (
              <ChoiceButton key={v} selected={type === v} onClick={() => setType(v)}>
                {t(`sale.${v}`)}
              </ChoiceButton>
            ))}
          </Group>
          {type === 'phone' ? (
            <TextInput
              type="tel"
              label={t('sale.receiptPhone')}
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
            />
          ) : (
            <TextInput label={t('sale.receiptEmail')} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          )}
          {message && <Alert color="red">{message}</Alert>}
          <Button onClick={() => void save()} loading={update.isPending}>
            {t('sale.saveReceipt')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

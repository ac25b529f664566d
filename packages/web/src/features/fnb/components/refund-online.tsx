import { Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import type { FnbOrder, FnbRefund } from '@sandbar/contract/fnb';
import { fnbPrice } from '@sandbar/contract/fnb-texts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../../lib/api';
import { newId } from '../../../lib/new-id';
import { toastError, toastSuccess } from '../../../lib/notify';
import { fnbKeys } from '../api/keys';
import { useFnbTexts } from '../use-fnb-texts';

/**
 * Staff's refund of an order the guest paid online (decision 369): the amount (what is left by
 * default) and a reason; the server refunds it through the provider, never more than was paid.
 */
export function RefundOnline({ order, onDone }: { order: FnbOrder; onDone(): void }) {
  const { t } = useFnbTexts();
  const qc = useQueryClient();
  const left = order.totalCents - order.refundedCents;
  const [dollars, setDollars] = useState<number | string>(left / 100);
  const [reason, setReason] = useState('');
  // One key per form: a double tap or a lost answer refunds once.
  const [clientRefundId] = useState(newId);
  const refund = useMutation({
    mutationFn: () =>
      api<{ details: string; refunds: FnbRefund[] }>('/refundFnbOnline', {
        method: 'POST',
        body: { clientRefundId, orderId: order.id, amountCents: Math.round(Number(dollars) * 100), reason },
        silent: true,
      }),
    onSuccess: (r) => {
      if (r.refunds.every((x) => x.status === 'succeeded')) toastSuccess(r.details);
      else toastError(r.details);
      void qc.invalidateQueries({ queryKey: fnbKeys.all });
      onDone();
    },
    onError: (e) => toastError(e instanceof ApiError ? e.details : String(e)),
  });
  const cents = Math.round(Number(dollars) * 100);
  return (
    <Stack gap="sm" data-testid="fnb-refund-form">
      <NumberInput
        label={t.refunds.amount}
        value={dollars}
        onChange={setDollars}
        min={0.01}
        max={left / 100}
        decimalScale={2}
        prefix="$"
      />
      <TextInput
        label={t.refunds.reason}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        required
        maxLength={200}
      />
      <Group justify="flex-end">
        <Button
          color="red"
          loading={refund.isPending}
          disabled={!reason.trim() || !(cents > 0 && cents <= left)}
          onClick={() => refund.mutate()}
        >
          {t.refunds.send} {cents > 0 ? fnbPrice(cents) : ''}
        </Button>
      </Group>
    </Stack>
  );
}

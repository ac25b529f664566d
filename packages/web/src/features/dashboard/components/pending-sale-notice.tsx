import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { QueuedSale } from '../../../lib/offline-db';
import { useMoney } from '../../../lib/venue-format';

/**
 * A unit sold on this tablet whose sale waits in the queue (issue 23): the server's copy still
 * calls it empty, so the modal shows the queued customer, method and amount, marked pending, and
 * offers neither a new sale nor Mark Occupied — one tap must not sell it twice.
 */
export function PendingSaleNotice({ sale }: { sale: QueuedSale }) {
  const { t } = useTranslation();
  const money = useMoney();
  const d = sale.body.customerData;
  const amount = (Number(d.orderTotal ?? 0) + Number(d.tipAmount ?? 0)).toFixed(2);
  return (
    <Alert color="orange" variant="light" title={t('offline.pendingTitle')} data-testid="pending-sale">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" data-testid="pending-customer">
            {t('offline.pendingLine', {
              name: d.customerName || t('dropoff.customer'),
              amount: money(amount),
              method: t(`paymentMethods.${d.paymentMethod}`, { defaultValue: d.paymentMethod }),
              time: dayjs(sale.takenAt).format('HH:mm'),
            })}
          </Text>
          <Badge color="orange">{t('offline.pending')}</Badge>
        </Group>
        <Text size="sm">{t('offline.pendingNoNewSale')}</Text>
      </Stack>
    </Alert>
  );
}

import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { OwedRefund } from '@sandbar/contract/payments';
import { useTranslation } from 'react-i18next';
import { localText, toastError, toastSuccess } from '../../../lib/notify';
import { useMoney, useVenueDay, useVenueTime } from '../../../lib/venue-format';
import { useOwedRefunds, useRetryRefund } from '../api/owed-refunds';

/**
 * Refunds owed through the payment provider (issue 33 point 6), on /bookings: each refund the
 * provider has not accepted — refused with its words, or on its way — with Retry on a refused one.
 * Shown only when there is one; none is counted as refunded until the provider accepts it.
 */
export function OwedRefundsPanel() {
  const { t } = useTranslation();
  const owed = useOwedRefunds();
  const refunds = owed.data?.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <Card withBorder padding="sm" data-testid="owed-refunds" style={{ borderColor: 'var(--mantine-color-orange-5)' }}>
      <Stack gap="xs">
        <Title order={3}>{t('bookings.owedTitle', { count: refunds.length })}</Title>
        <Text size="sm" c="dimmed">
          {t('bookings.owedHint')}
        </Text>
        {refunds.map((r) => (
          <OwedRefundRow key={r.id} refund={r} />
        ))}
      </Stack>
    </Card>
  );
}

function OwedRefundRow({ refund: r }: { refund: OwedRefund }) {
  const { t } = useTranslation();
  const money = useMoney();
  const time = useVenueTime();
  const dayOf = useVenueDay();
  const retry = useRetryRefund();
  const refused = r.status === 'failed';
  const state = refused
    ? t('bookings.owedRefused', { error: r.error || '—' })
    : r.status === 'queued'
      ? t('bookings.owedQueued')
      : t('bookings.owedSending');
  return (
    <Alert
      color={refused ? 'red' : 'yellow'}
      variant="light"
      data-testid="owed-refund"
      data-status={r.status}
      data-reservation={r.reservationId}
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('bookings.owedLine', {
              amount: money(r.amount),
              name: r.guestName,
              location: r.location,
              day: dayOf(r.day),
              reason: r.reason,
            })}
          </Text>
          <Text size="sm" data-testid="owed-refund-state" style={{ overflowWrap: 'anywhere' }}>
            {state}
          </Text>
          {refused && (
            <Text size="sm" c="dimmed">
              {r.nextAttemptAt
                ? t('bookings.owedRetryAt', { time: time(r.nextAttemptAt) })
                : t('bookings.owedNeedsPerson')}
            </Text>
          )}
        </Stack>
        {(refused || r.status === 'queued') && (
          <Button
            variant="default"
            loading={retry.isPending}
            onClick={() =>
              retry.mutate(r.id, {
                onSuccess: (res) =>
                  res.refund.status === 'failed' ? toastError(res.details) : toastSuccess(res.details),
                onError: (err) => toastError(localText((err as Error).message)),
              })
            }
            data-testid="owed-refund-retry"
          >
            {t('bookings.retryRefund')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

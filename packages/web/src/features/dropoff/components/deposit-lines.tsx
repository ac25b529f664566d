import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { DropoffReport } from '@sandbar/contract/sales';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/venue-format';

/**
 * Booking deposits of the agent's day (issue 24 points 3 and 8): "Deposits" with one line per
 * kind and method. Taken and refunded money moved today (refunds negative; the cash ones are in
 * the cash on hand); applied at a check-in and kept under the policy are shown for the
 * reconciliation with the bookings report, but moved no money today.
 */
export function DepositLines({ report }: { report: DropoffReport }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (report.deposits.length === 0) return null;
  return (
    <Card withBorder padding="sm" data-testid="dropoff-deposits">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap">
          <Title order={4}>{t('dropoff.deposits')}</Title>
          <Text fw={700} size="lg" data-testid="deposit-total">
            {money(report.overview.depositTotal)}
          </Text>
        </Group>
        {report.deposits.map((d) => (
          <Group
            key={`${d.kind}-${d.method}`}
            justify="space-between"
            wrap="nowrap"
            data-testid="deposit-line"
            data-kind={d.kind}
            data-method={d.method}
          >
            <Text size="sm">
              {t(`dropoff.depositKinds.${d.kind}`)} · {t(`paymentMethods.${d.method}`, { defaultValue: d.method })}
              {d.count > 1 ? ` (${d.count})` : ''}
            </Text>
            <Text size="sm" fw={600} c={d.kind === 'deposit' || d.kind === 'refund' ? undefined : 'dimmed'}>
              {money(d.amount)}
            </Text>
          </Group>
        ))}
        <Text size="sm" c="dimmed">
          {t('dropoff.depositsHint')}
        </Text>
      </Stack>
    </Card>
  );
}

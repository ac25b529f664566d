import { Card, SimpleGrid, Text } from '@mantine/core';
import type { DropoffReport } from '@sandbar/contract/sales';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/venue-format';

export function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  const money = useMoney();
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {money(value)}
      </Text>
    </Card>
  );
}

/** Today's Total, reconciled: today = CC + cash + room charge + voucher; tips shown apart. */
export function DropoffFigures({ overview: o }: { overview: DropoffReport['overview'] }) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
        <Figure label={t('dropoff.today')} value={o.todayTotal} testId="today-total" />
        <Figure label={t('dropoff.cc')} value={o.ccTotal} testId="cc-total" />
        <Figure label={t('dropoff.cash')} value={o.cashTotal} testId="cash-total" />
        <Figure label={t('dropoff.roomCharge')} value={o.roomChargeTotal} testId="room-charge-total" />
        <Figure label={t('dropoff.voucher')} value={o.voucherTotal} testId="voucher-total" />
        <Figure label={t('dropoff.tips')} value={o.tipTotal} testId="tip-total" />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('dropoff.tipsHint')}
      </Text>
    </>
  );
}

import { Alert, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReconciliationLine } from '@sandbar/contract/payments';
import type { UserType } from '@sandbar/contract/roles';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';
import { ApiError } from '../../../lib/api';
import { useMoney, useVenueTime, useVenueToday } from '../../../lib/venue-format';
import { useReconciliation } from '../api/get-reconciliation';
import { DayNav } from './day-nav';

const statusColor = {
  matched: 'teal',
  missingAtProvider: 'red',
  missingInSandbar: 'red',
  amountDiffers: 'orange',
} as const;

/**
 * A day's reconciliation (issue 33 point 9): each online payment and refund as Sandbar's ledger
 * has it beside the provider's balance line, differences first and flagged to the cent.
 */
export function ReconciliationView({ userType }: { userType: UserType }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = useVenueToday();
  const day = params.get('day') ?? today;
  const result = useReconciliation(day);
  const time = useVenueTime();
  const setDay = (d: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (d === today) next.delete('day');
      else next.set('day', d);
      return next;
    });
  const r = result.data;
  const money = useMoney();
  // Money as the other staff screens write it ("$35.00", "-$10.00"); another currency than the
  // venue's keeps its code, so it is never read as dollars.
  const cash = (amount: string, currency?: string) =>
    currency && currency.toUpperCase() !== 'USD' ? `${amount} ${currency.toUpperCase()}` : money(amount);
  const side = (amount: string | undefined, currency: string | undefined) =>
    amount == null ? <Text c="dimmed">{t('reports.reconcileNone')}</Text> : cash(amount, currency);
  return (
    <Stack gap="sm" data-testid="reconciliation">
      <Group justify="space-between" align="flex-end">
        <Title order={3} data-testid="report-title">
          {t('reports.reconcileTitle', { day })}
        </Title>
        <DayNav userType={userType} day={day} today={today} onDay={setDay} />
      </Group>
      <Text c="dimmed" size="sm">
        {t('reports.reconcileIntro')}
      </Text>
      {result.isPending && <Loader />}
      {result.error && (
        <Alert color="red" data-testid="reconciliation-error">
          {result.error instanceof ApiError ? result.error.details : String(result.error)}
        </Alert>
      )}
      {r && (
        <>
          <Alert
            color={r.totals.differences ? 'red' : 'teal'}
            data-testid="reconciliation-summary"
            title={
              r.totals.differences
                ? t('reports.reconcileDifferences', { count: r.totals.differences })
                : t('reports.reconcileMatched')
            }
          >
            {t('reports.reconcileTotals', {
              sandbar: cash(r.totals.sandbar),
              provider: cash(r.totals.provider),
              fees: cash(r.totals.fees),
              net: cash(r.totals.net),
              // The provider as people call it ("Stripe"), not its code; an unknown one as it is.
              name: t(`reports.reconcileProviderNames.${r.provider}`, { defaultValue: r.provider }),
            })}
          </Alert>
          {r.lines.length === 0 ? (
            <Text>{t('reports.reconcileEmpty')}</Text>
          ) : (
            <ScrollTable minWidth={820} label={t('reports.reconcileTitle', { day })}>
              <Table striped withTableBorder data-testid="reconciliation-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('reports.reconcileStatus')}</Table.Th>
                    <Table.Th>{t('reports.reconcileKind')}</Table.Th>
                    <Table.Th>{t('reports.reconcileReference')}</Table.Th>
                    <Table.Th>{t('reports.reconcileSandbar')}</Table.Th>
                    <Table.Th>{t('reports.reconcileProvider')}</Table.Th>
                    <Table.Th>{t('reports.reconcileFee')}</Table.Th>
                    <Table.Th>{t('reports.reconcileDifference')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.lines.map((l: ReconciliationLine) => (
                    <Table.Tr key={`${l.kind}|${l.reference}`} data-status={l.status}>
                      <Table.Td>
                        <Badge
                          color={statusColor[l.status]}
                          styles={{
                            root: { overflow: 'visible' },
                            label: { overflow: 'visible', textOverflow: 'clip' },
                          }}
                        >
                          {t(`reports.reconcileStatuses.${l.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{t(`reports.reconcileKinds.${l.kind}`)}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>
                        {l.reference}
                        {l.sandbar && (
                          <Text size="xs" c="dimmed">
                            {t('reports.reconcileBooking', {
                              id: l.sandbar.reservationId,
                              at: time(l.sandbar.at, true),
                            })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{side(l.sandbar?.amount, l.sandbar?.currency)}</Table.Td>
                      <Table.Td>{side(l.provider?.amount, l.provider?.currency)}</Table.Td>
                      <Table.Td>{l.provider ? cash(l.provider.fee, l.provider.currency) : ''}</Table.Td>
                      <Table.Td fw={l.status === 'matched' ? undefined : 700}>
                        {cash(l.difference, l.provider?.currency ?? l.sandbar?.currency)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
          {r.other.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="reconciliation-other">
              {t('reports.reconcileOther', { count: r.other.length })}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

import { Badge, Button, Container, Group, Loader, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table';
import { useVenueTime } from '../../../lib/venue-format';
import { usePaymentDeliveries } from '../api/get-deliveries';

const statusColor = { processed: 'teal', ignored: 'gray', refused: 'red' } as const;

/** Config → Payment deliveries (issue 33 point 10): what the provider's webhook received and what became of it. */
export function PaymentDeliveriesPage() {
  const { t } = useTranslation();
  const time = useVenueTime();
  const q = usePaymentDeliveries();
  const rows = q.data?.pages.flatMap((p) => p.deliveries) ?? [];
  return (
    <Container size="xl" py="md">
      <Title order={2}>{t('paymentDeliveries.title')}</Title>
      <Text c="dimmed" mb="md">
        {t('paymentDeliveries.intro')}
      </Text>
      {q.isPending ? (
        <Loader />
      ) : rows.length === 0 ? (
        <Text data-testid="deliveries-empty">{t('paymentDeliveries.empty')}</Text>
      ) : (
        <>
          <ScrollTable minWidth={860} label={t('paymentDeliveries.title')}>
            <Table striped withTableBorder data-testid="deliveries-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('paymentDeliveries.received')}</Table.Th>
                  <Table.Th>{t('paymentDeliveries.status')}</Table.Th>
                  <Table.Th>{t('paymentDeliveries.type')}</Table.Th>
                  <Table.Th>{t('paymentDeliveries.reason')}</Table.Th>
                  <Table.Th>{t('paymentDeliveries.booking')}</Table.Th>
                  <Table.Th>{t('paymentDeliveries.provider')}</Table.Th>
                  <Table.Th>{t('paymentDeliveries.event')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.id} data-status={d.status}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(d.receivedAt, true)}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={statusColor[d.status]}
                        styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } }}
                      >
                        {t(`paymentDeliveries.statuses.${d.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{d.type}</Table.Td>
                    <Table.Td style={{ maxWidth: 360 }}>{d.reason}</Table.Td>
                    <Table.Td>{d.reservationId ?? ''}</Table.Td>
                    <Table.Td>{d.provider}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{d.eventId}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Group mt="sm" gap="sm">
            <Text size="sm" c="dimmed">
              {t('paymentDeliveries.shown', { n: rows.length })}
            </Text>
            {q.hasNextPage && (
              <Button variant="default" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
                {t('paymentDeliveries.older')}
              </Button>
            )}
          </Group>
        </>
      )}
    </Container>
  );
}

import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QueuedItem } from '../../../lib/offline-db';
import { useMoney, useVenueTime } from '../../../lib/venue-format';

const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);

/** What a queued item changes in the cash on hand: cash sales (tip included) in, drop-offs out. */
export function queuedCashCents(items: QueuedItem[]): number {
  let sum = 0;
  for (const i of items) {
    if (i.refused) continue;
    if (i.kind === 'dropoff') sum -= cents(i.body.dropoffAmount);
    else if (i.body.customerData.paymentMethod === 'Cash') {
      sum += cents(i.body.customerData.orderTotal) + cents(i.body.customerData.tipAmount);
    }
  }
  return sum;
}

/**
 * Sales and drop-offs made on this tablet that the server does not have yet (issue 23), each
 * marked queued: the figures above do not count them, the cash on hand below does.
 */
export function QueuedLines({ items, cashOnHand }: { items: QueuedItem[]; cashOnHand: string | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const time = useVenueTime();
  if (items.length === 0) return null;
  const withQueued = cashOnHand === null ? null : ((cents(cashOnHand) + queuedCashCents(items)) / 100).toFixed(2);
  return (
    <Card withBorder data-testid="dropoff-queued">
      <Stack gap="xs">
        <Title order={5}>{t('dropoff.queuedTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('dropoff.queuedHint')}
        </Text>
        <Table>
          <Table.Tbody>
            {items.map((i) => {
              const d = i.kind === 'dropoff' ? null : i.body.customerData;
              const notes = i.kind === 'dropoff' ? (i.body.dropoffNotes ?? '') : '';
              const amount =
                i.kind === 'dropoff'
                  ? String(i.body.dropoffAmount)
                  : ((cents(i.body.customerData.orderTotal) + cents(i.body.customerData.tipAmount)) / 100).toFixed(2);
              return (
                <Table.Tr key={i.id} data-testid="queued-line" data-kind={i.kind ?? 'sale'}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(i.takenAt)}</Table.Td>
                  <Table.Td>
                    {/* The mark sits with the words, so a phone's width holds the row. */}
                    <Group gap={6} wrap="wrap">
                      <Text size="sm">
                        {d
                          ? t('dropoff.queuedSale', {
                              name: d.customerName || t('dropoff.customer'),
                              method: t(`paymentMethods.${d.paymentMethod}`, { defaultValue: d.paymentMethod }),
                            })
                          : t('dropoff.queuedDropoff', { notes })}
                      </Text>
                      <Badge color={i.refused ? 'red' : 'orange'} style={{ flexShrink: 0 }}>
                        {i.refused ? t('dropoff.refusedTag') : t('dropoff.queuedTag')}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
                    {d ? money(amount) : `−${money(amount)}`}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {withQueued !== null && (
          <Text size="sm" fw={700} data-testid="cash-on-hand-with-queued">
            {t('dropoff.cashWithQueued', { amount: money(withQueued) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

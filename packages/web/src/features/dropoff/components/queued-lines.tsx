import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QueuedItem } from '../../../lib/offline-db';
import type { SentEntry } from '../../../lib/sent-ledger';
import { useMoney, useVenueTime } from '../../../lib/venue-format';

const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);

/** What a queued item changes in the cash on hand: cash sales (tip included) in, drop-offs out. */
export function queuedCashCents(items: QueuedItem[]): number {
  let sum = 0;
  for (const i of items) {
    if (i.refused) continue;
    if (i.kind === 'dropoff') sum -= cents(i.body.dropoffAmount);
    else if (i.kind === 'fnbOrder') {
      // An F&B order paid now in cash (issue 35 point 8); a tab's order is paid when the tab is settled.
      if (i.body.payment === 'paid' && i.body.paymentMethod === 'Cash')
        sum += i.body.totalCents + (i.body.tipCents ?? 0);
    } else if (i.body.customerData.paymentMethod === 'Cash') {
      sum += cents(i.body.customerData.orderTotal) + cents(i.body.customerData.tipAmount);
    }
  }
  return sum;
}

/** What the tablet sent since the kept figures changes in the cash on hand (issue 32). */
export const sentCashCents = (sent: SentEntry[]): number => sent.reduce((sum, e) => sum + e.cashCents, 0);

/**
 * Offline, what this tablet did that the figures above do not count (issues 23 and 32): what it
 * sent since those figures (on the server already, marked sent) and what waits on it (marked
 * queued), and the cash on hand counting both — said with the moment the figures are from.
 */
export function QueuedLines({
  items,
  sent = [],
  cashOnHand,
  asOf = null,
}: {
  items: QueuedItem[];
  sent?: SentEntry[];
  cashOnHand: string | null;
  /** When the figures above were kept (ms): the lines count from then. */
  asOf?: number | null;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const time = useVenueTime();
  if (items.length === 0 && sent.length === 0) return null;
  const withQueued =
    cashOnHand === null ? null : ((cents(cashOnHand) + sentCashCents(sent) + queuedCashCents(items)) / 100).toFixed(2);
  const method = (m: string) => t(`paymentMethods.${m}`, { defaultValue: m });
  return (
    <Card withBorder data-testid="dropoff-queued">
      <Stack gap="xs">
        {sent.length > 0 && (
          <>
            <Title order={5}>
              {asOf ? t('dropoff.sentTitle', { asOf: time(asOf) }) : t('dropoff.sentTitleNoTime')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('dropoff.sentHint')}
            </Text>
            <Table>
              <Table.Tbody>
                {sent.map((e) => (
                  <Table.Tr key={e.id} data-testid="sent-line" data-kind={e.kind}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(e.sentAt)}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="wrap">
                        <Text size="sm">
                          {e.kind === 'sale'
                            ? t('dropoff.queuedSale', {
                                name: e.label || t('dropoff.customer'),
                                method: method('Cash'),
                              })
                            : t('dropoff.queuedDropoff', { notes: e.label })}
                        </Text>
                        <Badge color="teal" style={{ flexShrink: 0 }}>
                          {t('dropoff.sentTag')}
                        </Badge>
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
                      {e.cashCents < 0
                        ? `−${money((-e.cashCents / 100).toFixed(2))}`
                        : money((e.cashCents / 100).toFixed(2))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
        {items.length > 0 && (
          <>
            <Title order={5}>{t('dropoff.queuedTitle')}</Title>
            <Text size="sm" c="dimmed">
              {t('dropoff.queuedHint')}
            </Text>
            <Table>
              <Table.Tbody>
                {items.map((i) => {
                  const d =
                    i.kind === 'dropoff'
                      ? null
                      : i.kind === 'fnbOrder'
                        ? { customerName: i.label, paymentMethod: i.body.paymentMethod ?? i.body.payment }
                        : i.body.customerData;
                  const notes = i.kind === 'dropoff' ? (i.body.dropoffNotes ?? '') : '';
                  const amount =
                    i.kind === 'dropoff'
                      ? String(i.body.dropoffAmount)
                      : i.kind === 'fnbOrder'
                        ? ((i.body.totalCents + (i.body.tipCents ?? 0)) / 100).toFixed(2)
                        : (
                            (cents(i.body.customerData.orderTotal) + cents(i.body.customerData.tipAmount)) /
                            100
                          ).toFixed(2);
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
                                  method: method(d.paymentMethod),
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
          </>
        )}
        {withQueued !== null && (
          <Text size="sm" fw={700} data-testid="cash-on-hand-with-queued">
            {asOf
              ? t('dropoff.cashWithQueued', { amount: money(withQueued), asOf: time(asOf) })
              : t('dropoff.cashWithQueuedNoTime', { amount: money(withQueued) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

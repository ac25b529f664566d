import { Badge, Container, Loader, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useVenueTime } from '../../../lib/venue-format';
import { useOutbox } from '../api/get-outbox';
import { ScrollTable } from '../../../components/scroll-table';

const statusColor = { queued: 'yellow', sent: 'teal', failed: 'red' } as const;

/** Config → Outbox: what Sandbar sent or still holds (DESIGN.md section 6: nothing silently dropped). */
export function OutboxPage() {
  const { t } = useTranslation();
  const { data, isPending } = useOutbox();
  const time = useVenueTime();
  return (
    <Container size="xl" py="md">
      <Title order={2}>{t('ui.outboxTitle')}</Title>
      <Text c="dimmed" mb="md">
        {t('ui.outboxIntro')}
      </Text>
      {isPending ? (
        <Loader />
      ) : !data?.messages.length ? (
        <Text>{t('ui.outboxEmpty')}</Text>
      ) : (
        <ScrollTable minWidth={900} label={t('ui.outboxTitle')}>
          <Table striped withTableBorder data-testid="outbox-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ui.created')}</Table.Th>
                <Table.Th>{t('ui.channel')}</Table.Th>
                <Table.Th>{t('ui.purpose')}</Table.Th>
                <Table.Th>{t('ui.recipient')}</Table.Th>
                <Table.Th>{t('ui.subject')}</Table.Th>
                <Table.Th>{t('ui.message')}</Table.Th>
                <Table.Th>{t('ui.status')}</Table.Th>
                <Table.Th>{t('ui.attempts')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.messages.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{time(Date.parse(m.createdAt), true)}</Table.Td>
                  <Table.Td>{m.channel}</Table.Td>
                  <Table.Td>{m.purpose}</Table.Td>
                  <Table.Td>{m.recipient}</Table.Td>
                  <Table.Td>{m.subject}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', maxWidth: 420 }}>{m.body}</Table.Td>
                  <Table.Td>
                    {/* The badge keeps its whole word ("QUEUED"): Mantine would cut it to the cell. */}
                    <Badge
                      color={statusColor[m.status]}
                      title={m.lastError ?? undefined}
                      data-testid="outbox-status"
                      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } }}
                      style={{ flexShrink: 0 }}
                    >
                      {m.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{m.attempts}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Container>
  );
}

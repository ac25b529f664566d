import { Button, Container, Group, Loader, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { printOnAndroid } from '../../../lib/android-bridge';
import { useCurrentUser } from '../../../lib/session';
import { useMoney, useVenueTime } from '../../../lib/venue-format';
import { getPrintNotes } from '../api/get-print-notes';
import { useDropoffReport } from '../api/get-dropoff-report';
import { CorrectionLines } from '../components/correction-lines';
import { DropoffFigures, Figure } from '../components/dropoff-figures';
import { DropoffForm } from '../components/dropoff-form';
import { DropoffLog } from '../components/dropoff-log';

/**
 * /notes: today's totals, the drop-off form, cash on hand, the drop-off log and today's customers.
 * Supervisors and admins can switch to another agent's day to void a wrong drop-off.
 */
export function DropoffPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const time = useVenueTime();
  const me = useCurrentUser().data;
  const [agentId, setAgentId] = useState<number | undefined>(undefined);
  const report = useDropoffReport(agentId);
  const ownDay = agentId === undefined || agentId === me?.id;

  const print = async () => {
    try {
      const r = await getPrintNotes();
      // In the wrapper the sheet goes to the receipt printer; in a browser the page prints.
      if (!printOnAndroid(r.PrintCode)) window.print();
    } catch (err) {
      console.warn('getPrintNotes failed', err);
    }
  };

  if (report.isPending) return <Loader />;
  if (!report.data) return null;
  const r = report.data;
  const o = r.overview;
  return (
    <Container fluid py="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2}>{t('dropoff.title')}</Title>
          <Group>
            {r.agents.length > 0 && (
              <Select
                aria-label={t('dropoff.agent')}
                data={r.agents.map((a) => ({ value: String(a.id), label: a.name }))}
                value={String(r.agentId)}
                onChange={(v) => setAgentId(v ? Number(v) : undefined)}
                allowDeselect={false}
                searchable
                w={220}
              />
            )}
            {ownDay && (
              <Button variant="light" onClick={() => void print()}>
                {t('messages.dropoff.printNotes')}
              </Button>
            )}
          </Group>
        </Group>
        <Title order={4}>{t('messages.dropoff.todaysTotal')}</Title>
        <DropoffFigures overview={o} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {ownDay ? <DropoffForm cashOnHand={o.cashOnHand} /> : <Text c="dimmed">{r.agent}</Text>}
          <Stack gap="xs">
            <SimpleGrid cols={2}>
              <Figure label={t('dropoff.cashOnHand')} value={o.cashOnHand} testId="cash-on-hand" />
              <Figure label={t('dropoff.droppedOff')} value={o.cashDroppedOff} testId="dropped-off" />
            </SimpleGrid>
            <DropoffLog drops={r.dropOffs} canVoid={r.canVoid} />
          </Stack>
        </SimpleGrid>
        <CorrectionLines report={r} />
        <Title order={4}>{t('dropoff.customers')}</Title>
        {r.customers.length === 0 ? (
          <Text c="dimmed">{t('dropoff.noCustomers')}</Text>
        ) : (
          // Native scrolling, focusable and named: a keyboard can reach what a phone cuts off (axe
          // scrollable-region-focusable), and the money column comes first.
          <Table.ScrollContainer
            minWidth={560}
            type="native"
            tabIndex={0}
            role="region"
            aria-label={t('dropoff.customersTable')}
          >
            <Table striped data-testid="dropoff-customers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dropoff.price')}</Table.Th>
                  <Table.Th>{t('dropoff.payment')}</Table.Th>
                  <Table.Th>{t('dropoff.time')}</Table.Th>
                  <Table.Th>{t('dropoff.customer')}</Table.Th>
                  <Table.Th>{t('dropoff.location')}</Table.Th>
                  <Table.Th>{t('dropoff.unit')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.customers.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{money(c.price)}</Table.Td>
                    <Table.Td>{t(`paymentMethods.${c.paymentMethod}`, { defaultValue: c.paymentMethod })}</Table.Td>
                    <Table.Td>{time(c.epoc)}</Table.Td>
                    <Table.Td>{c.customerName}</Table.Td>
                    <Table.Td>{c.projectLocations}</Table.Td>
                    <Table.Td>{c.umbrellaNumber}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Container>
  );
}

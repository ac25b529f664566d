import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { messages } from '@sandbar/contract/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { printOnAndroid } from '../../../lib/android-bridge';
import { toastSuccess } from '../../../lib/notify';
import { getPrintNotes } from '../api/get-print-notes';
import { useDropoffReport } from '../api/get-dropoff-report';
import { useSaveDropoffNotes } from '../api/save-dropoff-notes';

const time = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        ${value}
      </Text>
    </Card>
  );
}

/** /notes: today's totals, the drop-off form, cash on hand, the drop-off log and today's customers. */
export function DropoffPage() {
  const { t } = useTranslation();
  const report = useDropoffReport();
  const save = useSaveDropoffNotes();
  const [amount, setAmount] = useState<string | number>('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    if (amount === '' || Number(amount) === 0) return setError(messages.dropoff.amountRequired);
    try {
      const r = await save.mutateAsync({ dropoffAmount: String(amount), dropoffNotes: notes });
      toastSuccess(r.details);
      setAmount('');
      setNotes('');
    } catch (err) {
      setError(err instanceof ApiError ? err.details : String(err));
    }
  };
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
          <Button variant="light" onClick={() => void print()}>
            {t('messages.dropoff.printNotes')}
          </Button>
        </Group>
        <Title order={4}>{t('messages.dropoff.todaysTotal')}</Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label={t('dropoff.today')} value={o.todayTotal} testId="today-total" />
          <Figure label={t('dropoff.cc')} value={o.ccTotal} testId="cc-total" />
          <Figure label={t('dropoff.cash')} value={o.cashTotal} testId="cash-total" />
          <Figure label={t('dropoff.roomCharge')} value={o.roomChargeTotal} testId="room-charge-total" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder>
            <Stack gap="xs">
              <Title order={4}>{t('messages.dropoff.formTitle')}</Title>
              <NumberInput
                label={t('dropoff.amount')}
                prefix="$"
                decimalScale={2}
                min={0}
                value={amount}
                onChange={(v) => {
                  setError(null);
                  setAmount(v);
                }}
              />
              <Textarea
                label={t('dropoff.notes')}
                value={notes}
                onChange={(e) => setNotes(e.currentTarget.value)}
                autosize
                minRows={2}
              />
              {error && <Alert color="red">{error}</Alert>}
              <Button onClick={() => void submit()} loading={save.isPending}>
                {t('dropoff.save')}
              </Button>
            </Stack>
          </Card>
          <Stack gap="xs">
            <SimpleGrid cols={2}>
              <Figure label={t('dropoff.cashOnHand')} value={o.cashOnHand} testId="cash-on-hand" />
              <Figure label={t('dropoff.droppedOff')} value={o.cashDroppedOff} testId="dropped-off" />
            </SimpleGrid>
            <Title order={5}>{t('dropoff.log')}</Title>
            {r.dropOffs.length === 0 ? (
              <Text c="dimmed">{t('dropoff.noDrops')}</Text>
            ) : (
              <Table data-testid="dropoff-log">
                <Table.Tbody>
                  {r.dropOffs.map((d) => (
                    <Table.Tr key={d.id}>
                      <Table.Td>{time(d.epoc)}</Table.Td>
                      <Table.Td>${d.amount}</Table.Td>
                      <Table.Td>{d.notes}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </SimpleGrid>
        <Title order={4}>{t('dropoff.customers')}</Title>
        {r.customers.length === 0 ? (
          <Text c="dimmed">{t('dropoff.noCustomers')}</Text>
        ) : (
          <Table striped data-testid="dropoff-customers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dropoff.time')}</Table.Th>
                <Table.Th>{t('dropoff.customer')}</Table.Th>
                <Table.Th>{t('dropoff.location')}</Table.Th>
                <Table.Th>{t('dropoff.unit')}</Table.Th>
                <Table.Th>{t('dropoff.payment')}</Table.Th>
                <Table.Th>{t('dropoff.price')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.customers.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{time(c.epoc)}</Table.Td>
                  <Table.Td>{c.customerName}</Table.Td>
                  <Table.Td>{c.projectLocations}</Table.Td>
                  <Table.Td>{c.umbrellaNumber}</Table.Td>
                  <Table.Td>{c.paymentMethod}</Table.Td>
                  <Table.Td>${c.price}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Container>
  );
}

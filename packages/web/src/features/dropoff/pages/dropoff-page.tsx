import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyToCents as moneyCents } from '@sandbar/contract/common';
import { offlineTexts } from '@sandbar/contract/offline';
import { localText } from '../../../lib/notify';
import { printOnAndroid } from '../../../lib/android-bridge';
import { useConnectivity } from '../../../lib/connectivity';
import { keptAt } from '../../../lib/offline-db';
import { useSaleQueue } from '../../../lib/sale-queue';
import { sentLedger, sentSince, useSentLedger } from '../../../lib/sent-ledger';
import { useCurrentUser } from '../../../lib/session';
import { useMoney, useVenueTime } from '../../../lib/venue-format';
import { getPrintNotes } from '../api/get-print-notes';
import { dropoffKeys, useDropoffReport } from '../api/get-dropoff-report';
import { CorrectionLines } from '../components/correction-lines';
import { DepositLines } from '../components/deposit-lines';
import { DropoffFigures, Figure } from '../components/dropoff-figures';
import { DropoffForm } from '../components/dropoff-form';
import { DropoffLog } from '../components/dropoff-log';
import { QueuedLines, queuedCashCents, sentCashCents } from '../components/queued-lines';

/** When the tablet's kept copy of the agent's own Notes/Drops was taken, while offline. */
function useKeptAsOf(offline: boolean): number | null {
  const [at, setAt] = useState<number | null>(null);
  useEffect(() => {
    if (!offline) return setAt(null);
    let live = true;
    void keptAt(dropoffKeys.report()).then((v) => live && setAt(v));
    return () => {
      live = false;
    };
  }, [offline]);
  return at;
}

/**
 * Offline (issue 23): the figures are the tablet's last known copy, said with its time, and what
 * needs the connection is named rather than left to fail.
 */
function OfflineNotice({ asOf, hasFigures }: { asOf: number | null; hasFigures: boolean }) {
  const { t } = useTranslation();
  const time = useVenueTime();
  return (
    <Alert color="orange" variant="light" title={t('dropoff.offlineTitle')} data-testid="dropoff-offline">
      <Stack gap={4}>
        <Text size="sm">
          {hasFigures
            ? asOf
              ? t('dropoff.offlineFigures', { asOf: time(asOf) })
              : t('dropoff.offlineFiguresNoTime')
            : t('dropoff.offlineNoFigures')}
        </Text>
        <Text size="sm">{t('dropoff.offlineNeeds')}</Text>
      </Stack>
    </Alert>
  );
}

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
  const { online } = useConnectivity();
  const queue = useSaleQueue();
  const asOf = useKeptAsOf(!online);
  const ledger = useSentLedger();
  useEffect(() => void sentLedger.load(), []);

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
  if (!report.data) {
    // No figures at all (offline on a tablet that never had them, or the server failed): say so,
    // and still take a drop-off — it waits on the tablet with the sales.
    return (
      <Container fluid py="md">
        <Stack gap="md">
          <Title order={2}>{t('dropoff.title')}</Title>
          {online ? (
            <Alert color="red" role="alert">
              {report.error instanceof Error ? report.error.message : t('dropoff.offlineNoFigures')}
            </Alert>
          ) : (
            <OfflineNotice asOf={null} hasFigures={false} />
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <DropoffForm cashOnHand={null} />
            <QueuedLines items={queue.items} cashOnHand={null} />
          </SimpleGrid>
        </Stack>
      </Container>
    );
  }
  const r = report.data;
  const o = r.overview;
  // Offline the figures are the kept ones: what this tablet sent since is added (issue 32).
  const sent = !online && ownDay ? sentSince(ledger, r, asOf, me?.timeZone ?? 'America/New_York') : [];
  const cashWithTablet = (moneyCents(o.cashOnHand) + sentCashCents(sent) + queuedCashCents(queue.items)) / 100;
  return (
    <Container fluid py="md">
      <Stack gap="md">
        {!online && <OfflineNotice asOf={asOf} hasFigures />}
        <Group justify="space-between">
          <Title order={2}>{t('dropoff.title')}</Title>
          <Group>
            {r.agents.length > 0 && online && (
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
            {ownDay && online && (
              <Button variant="light" onClick={() => void print()}>
                {t('messages.dropoff.printNotes')}
              </Button>
            )}
          </Group>
        </Group>
        <Title order={4}>{t('messages.dropoff.todaysTotal')}</Title>
        <DropoffFigures overview={o} />
        <DepositLines report={r} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {ownDay ? <DropoffForm cashOnHand={cashWithTablet.toFixed(2)} /> : <Text c="dimmed">{r.agent}</Text>}
          <Stack gap="xs">
            <SimpleGrid cols={2}>
              <Figure label={t('dropoff.cashOnHand')} value={o.cashOnHand} testId="cash-on-hand" />
              <Figure label={t('dropoff.droppedOff')} value={o.cashDroppedOff} testId="dropped-off" />
            </SimpleGrid>
            <DropoffLog drops={r.dropOffs} canVoid={r.canVoid && online} />
          </Stack>
        </SimpleGrid>
        {ownDay && <QueuedLines items={queue.items} sent={sent} cashOnHand={o.cashOnHand} asOf={asOf} />}
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
                  <Table.Tr key={c.id} data-unseated={c.unseated ? 'true' : undefined}>
                    <Table.Td>{money(c.price)}</Table.Td>
                    <Table.Td>{t(`paymentMethods.${c.paymentMethod}`, { defaultValue: c.paymentMethod })}</Table.Td>
                    <Table.Td>{time(c.epoc)}</Table.Td>
                    <Table.Td>{c.customerName}</Table.Td>
                    <Table.Td>{c.projectLocations}</Table.Td>
                    <Table.Td>
                      {c.unseated ? (
                        // Promised a unit that was sold meanwhile: not seated anywhere yet (issue 23).
                        <Badge color="red" variant="light" style={{ whiteSpace: 'normal', height: 'auto' }}>
                          {localText(offlineTexts.unseatedStatus)}
                        </Badge>
                      ) : (
                        c.umbrellaNumber
                      )}
                    </Table.Td>
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

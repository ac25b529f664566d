import { Alert, Center, Container, Group, Loader, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import type { FnbReport } from '@sandbar/contract/fnb';
import { type FnbStation, fnbPrice, fnbStations } from '@sandbar/contract/fnb-texts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../../lib/session';
import { api } from '../../../lib/api';
import { fnbKeys } from '../api/keys';
import { useFnbTexts } from '../use-fnb-texts';

type Row = FnbReport['byItem'][number];

function RowsTable({ title, rows, t }: { title: string; rows: Row[]; t: ReturnType<typeof useFnbTexts>['t'] }) {
  return (
    <section aria-label={title}>
      <Title order={2} size="h4" mb={4}>
        {title}
      </Title>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">{t.reports.quantity}</Table.Th>
            <Table.Th ta="right">{t.reports.amount}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{r.label}</Table.Td>
              <Table.Td ta="right">{r.quantity}</Table.Td>
              <Table.Td ta="right">{fnbPrice(r.amountCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

/** Today in the venue's zone (the report's days are the venue's). */
const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

/**
 * F&B sales (issue 35 point 8): by item, category, station, hour and server for a range of days,
 * the voids with their reasons, the tabs still open, and each day's rentals and F&B apart and together.
 */
export function FnbReportPage() {
  const { t } = useFnbTexts();
  const zone = useCurrentUser().data?.timeZone ?? 'America/New_York';
  const [from, setFrom] = useState(() => dayIn(zone));
  const [to, setTo] = useState(() => dayIn(zone));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const { data, isPending, error } = useQuery({
    queryKey: [...fnbKeys.all, 'report', from, to],
    queryFn: () => api<FnbReport>(`/getFnbReport?from=${from}&to=${to}`),
    enabled: valid,
  });
  return (
    <Container size="lg" py="md" data-testid="fnb-report">
      <Group justify="space-between" align="flex-end" mb="md">
        <Title order={1} size="h2">
          {t.reports.fnbSales}
        </Title>
        <Group>
          <TextInput type="date" label={t.common.from} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label={t.common.to} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </Group>
      </Group>
      {valid && isPending && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {error && <Alert color="red">{(error as Error).message}</Alert>}
      {data && (
        <>
          <Table striped withTableBorder mb="lg" aria-label={t.reports.together}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th ta="right">{t.reports.rentals}</Table.Th>
                <Table.Th ta="right">{t.reports.fnb}</Table.Th>
                <Table.Th ta="right">{t.reports.together}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.daily.map((d) => (
                <Table.Tr key={d.day}>
                  <Table.Td>{d.day}</Table.Td>
                  <Table.Td ta="right">{fnbPrice(d.rentalsCents)}</Table.Td>
                  <Table.Td ta="right">{fnbPrice(d.fnbCents)}</Table.Td>
                  <Table.Td ta="right">{fnbPrice(d.totalCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <RowsTable title={t.reports.byItem} rows={data.byItem} t={t} />
            <RowsTable title={t.reports.byCategory} rows={data.byCategory} t={t} />
            <RowsTable
              title={t.reports.byStation}
              rows={data.byStation.map((r) => ({
                ...r,
                label: fnbStations.includes(r.key as FnbStation) ? t.station.title[r.key as FnbStation] : r.label,
              }))}
              t={t}
            />
            <RowsTable title={t.reports.byServer} rows={data.byServer} t={t} />
            <RowsTable title={t.reports.byHour} rows={data.byHour} t={t} />
            <section aria-label={t.reports.voids} data-testid="fnb-voids">
              <Title order={2} size="h4" mb={4}>
                {t.reports.voids}
              </Title>
              {data.voids.length === 0 && <Text c="dimmed">—</Text>}
              {data.voids.map((v, i) => (
                <Text key={`${v.kind}-${v.orderId ?? v.tabId}-${i}`} size="sm" data-testid={`fnb-${v.kind}`}>
                  {v.day} · {v.kind === 'refund' ? `${t.refunds.refund} · ` : ''}
                  {v.orderId != null ? `#${v.orderId}` : t.staff.tab} · {v.unitLabel} · {fnbPrice(v.amountCents)} ·{' '}
                  {t.reports.reason}: {v.reason} ({v.by})
                </Text>
              ))}
            </section>
            <section aria-label={t.reports.openTabsTitle} data-testid="fnb-open-tabs">
              <Title order={2} size="h4" mb={4}>
                {t.reports.openTabsTitle}
              </Title>
              {data.openTabs.length === 0 && <Text c="dimmed">—</Text>}
              {data.openTabs.map((o) => (
                <Text key={o.tabId} size="sm">
                  {o.day} · {o.unitLabel} · {fnbPrice(o.totalCents)}
                </Text>
              ))}
            </section>
          </SimpleGrid>
        </>
      )}
    </Container>
  );
}

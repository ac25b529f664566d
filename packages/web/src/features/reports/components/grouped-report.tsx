import { reportWord } from '@sandbar/contract/i18n';
import { currentLanguage } from '../../../lib/current-language';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import type { ReportData } from '@sandbar/contract/reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoneyCell } from '../../../lib/venue-format';
import { HourlyChart } from './hourly-chart';
import { ReportTable } from './report-table';

/** The daily sales reports' rentals and F&B apart and together (issue 35 point 8), when the server sent them. */
export function SalesSplit({ data }: { data: ReportData }) {
  const { t } = useTranslation();
  if (!data.split) return null;
  return (
    <Stack gap={4}>
      <Title order={4}>{t('reports.split')}</Title>
      <ReportTable headers={data.split.headers} rows={data.split.rows} footer={[]} testId="report-split" />
    </Stack>
  );
}

/** hourlySales: one table of hours per agent, after the day's overall table. */
export function HourlyReport({ data }: { data: ReportData }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      {data.hourly && <HourlyChart hourly={data.hourly} />}
      <Stack gap={4}>
        <Title order={4}>{t('reports.overall')}</Title>
        <ReportTable headers={data.reportHeaders} rows={data.reportRows} footer={data.reportFooter} />
      </Stack>
      <SalesSplit data={data} />
      {data.agents.map((a) => (
        <Stack gap={4} key={a.id} data-testid="agent-table">
          <Title order={4}>{a.name}</Title>
          <ReportTable headers={a.headers} rows={a.rows} footer={a.footer} testId={`agent-${a.id}`} />
        </Stack>
      ))}
    </Stack>
  );
}

/** userLog: one line per user; click a name to expand what they did that day. */
export function UserLogReport({ data }: { data: ReportData }) {
  const { t } = useTranslation();
  const cell = useMoneyCell();
  const [open, setOpen] = useState<Set<number>>(new Set());
  if (data.userList.length === 0) return <Text c="dimmed">{t('reports.noRows')}</Text>;
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Table withTableBorder data-testid="user-log">
      <Table.Thead>
        <Table.Tr>
          {data.reportHeaders.map((h) => (
            <Table.Th key={h}>{reportWord(h, currentLanguage())}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.userList.map((u, i) => {
          const group = data.agents.find((g) => g.id === u.id);
          const row = data.reportRows[i] ?? [];
          return [
            <Table.Tr key={u.id}>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => toggle(u.id)} aria-expanded={open.has(u.id)}>
                  {u.name}
                </Anchor>
              </Table.Td>
              {row.slice(1).map((c, j) => (
                <Table.Td key={j}>{cell(c)}</Table.Td>
              ))}
            </Table.Tr>,
            open.has(u.id) && group ? (
              <Table.Tr key={`${u.id}-detail`}>
                <Table.Td colSpan={data.reportHeaders.length}>
                  <ReportTable headers={group.headers} rows={group.rows} footer={[]} testId={`user-log-${u.id}`} />
                </Table.Td>
              </Table.Tr>
            ) : null,
          ];
        })}
      </Table.Tbody>
    </Table>
  );
}

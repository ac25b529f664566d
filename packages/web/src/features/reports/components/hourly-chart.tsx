import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Stack, Title } from '@mantine/core';
import type { ReportData } from '@sandbar/contract/reports';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/venue-format';

/** The Hourly report's chart: revenue per venue hour (Mantine's charts over recharts). */
export function HourlyChart({ hourly }: { hourly: NonNullable<ReportData['hourly']> }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (hourly.length === 0) return null;
  const data = hourly.map((h) => ({
    hour: `${String(h.hour).padStart(2, '0')}:00`,
    revenue: Number(h.revenue),
    sales: h.sales,
  }));
  return (
    <Stack gap={4} data-testid="hourly-chart">
      <Title order={4}>{t('reports.chartTitle')}</Title>
      <BarChart
        h={220}
        data={data}
        dataKey="hour"
        valueFormatter={(v) => money(v)}
        series={[{ name: 'revenue', label: t('reports.revenue'), color: 'teal.6' }]}
        withTooltip
      />
    </Stack>
  );
}

import { Alert, Stack, Text } from '@mantine/core';
import type { FnbTab } from '@sandbar/contract/fnb';
import { fnbPrice } from '@sandbar/contract/fnb-texts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { fnbKeys } from '../api/keys';
import { useFnbTexts } from '../use-fnb-texts';

/**
 * Needs attention (issue 35 point 7): F&B tabs still open after their day in the user's locations
 * (GET /getFnbAttention), so a tab nobody settled at closing is seen the next morning.
 */
export function FnbAttention({ enabled }: { enabled: boolean }) {
  const { t } = useFnbTexts();
  const { data } = useQuery({
    queryKey: [...fnbKeys.all, 'attention'],
    queryFn: () => api<{ tabs: FnbTab[] }>('/getFnbAttention', { silent: true }),
    enabled,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  const tabs = data?.tabs ?? [];
  if (!enabled || tabs.length === 0) return null;
  const days = [...new Set(tabs.map((x) => x.day))].sort();
  return (
    <Alert color="orange" radius={0} title={t.reports.openTabsTitle} data-testid="fnb-attention">
      <Stack gap={4}>
        {days.map((day) => {
          const ofDay = tabs.filter((x) => x.day === day);
          return (
            <Text key={day} size="sm">
              {t.reports.openTabs(ofDay.length, day)}{' '}
              {ofDay.map((x) => `${x.unitLabel} (${x.customerName || '—'}) ${fnbPrice(x.totalCents)}`).join(' · ')}
            </Text>
          );
        })}
      </Stack>
    </Alert>
  );
}

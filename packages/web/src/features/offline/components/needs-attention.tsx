import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { AttentionItem } from '@sandbar/contract/offline';
import type { DashboardData } from '@sandbar/contract/units';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/notify';
import { useMoney, useVenueTime } from '../../../lib/venue-format';
import { useNeedsAttention, useSeatUnseated, useTodayBoard } from '../api/needs-attention';

/** Free units (empty or left) of a location on today's board, for seating a waiting customer. */
function freeUnits(board: DashboardData | undefined, locationId: number) {
  const loc = board?.locations.find((l) => l.id === locationId);
  if (!loc) return [];
  return loc.units
    .flat()
    .filter((u) => (u.unitStatus === 0 || u.unitStatus === 3) && u.unitType !== 'P' && u.unitType !== 'T')
    .map((u) => ({ value: String(u.id), label: `${u.location} ${u.unitNumber || `${u.row}-${u.position}`}` }));
}

function Item({ item }: { item: AttentionItem }) {
  const { t } = useTranslation();
  const money = useMoney();
  // The venue's clock, like every other time on Reports and Notes/Drops.
  const time = useVenueTime();
  const board = useTodayBoard(true).data;
  const options = freeUnits(board, item.locationId);
  // Starts empty (issue 23): one tap must never seat a guest on a unit nobody chose.
  const [unit, setUnit] = useState<string | null>(null);
  const target = unit !== null && options.some((o) => o.value === unit) ? unit : null;
  const seat = useSeatUnseated();
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="attention-item" data-customer={item.customerName}>
      <Text size="sm">
        {t('offline.attentionLine', {
          name: item.customerName || t('dropoff.customer'),
          amount: money(item.amount),
          method: t(`paymentMethods.${item.paymentMethod}`, { defaultValue: item.paymentMethod }),
          time: time(item.takenAt),
          by: item.takenBy,
          unit: item.promisedUnit,
        })}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Select
          size="xs"
          w={160}
          aria-label={t('offline.seatOn')}
          data={options}
          value={target}
          onChange={setUnit}
          placeholder={t('offline.chooseUnit')}
          searchable
          nothingFoundMessage={t('offline.noFreeUnit')}
        />
        <Button
          size="xs"
          disabled={!target}
          loading={seat.isPending}
          onClick={() =>
            target &&
            void seat
              .mutateAsync({ attentionId: item.id, unitId: Number(target) })
              .then((r) => toastSuccess(r.details))
              .catch(() => undefined)
          }
        >
          {t('offline.seat')}
        </Button>
      </Group>
    </Group>
  );
}

/** "Needs attention": offline sales whose unit was sold meanwhile, on every tablet of the location. */
export function NeedsAttention({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const { data } = useNeedsAttention(enabled);
  if (!enabled || !data || data.items.length === 0) return null;
  return (
    <Alert color="red" radius={0} title={t('offline.needsAttention')} data-testid="needs-attention">
      <Stack gap={6}>
        {data.items.map((i) => (
          <Item key={i.id} item={i} />
        ))}
      </Stack>
    </Alert>
  );
}

import { Badge, Button, Popover, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { saleQueue, useSaleQueue } from '../../../lib/sale-queue';

/** Top bar: how many sales and drop-offs wait on this tablet; the list, and an export of refused ones. */
export function QueueCounter() {
  const { t } = useTranslation();
  const { items } = useSaleQueue();
  const waiting = items.filter((i) => !i.refused).length;
  const refused = items.length - waiting;
  // Drop-offs made offline wait in the same queue (issue 23): the words then name both.
  const label = t(items.some((i) => i.kind === 'dropoff') ? 'offline.queueCounterAll' : 'offline.queueCounter', {
    count: waiting,
  });
  const exportRefused = () => {
    const blob = new Blob([saleQueue.exportRefused()], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `sandbar-refused-sales-${dayjs().format('YYYY-MM-DD-HHmm')}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  };
  return (
    <Popover width={300} position="bottom-end" withArrow>
      <Popover.Target>
        <Badge
          component="button"
          type="button"
          color={refused ? 'red' : waiting ? 'orange' : 'gray'}
          variant={waiting || refused ? 'filled' : 'light'}
          data-testid="queue-counter"
          data-count={waiting}
          // A thumb's target (issue 32: it was 28 × 20 px), its number as large as a tile's.
          size="xl"
          style={{
            cursor: 'pointer',
            display: waiting || refused ? undefined : 'none',
            height: 48,
            minWidth: 48,
          }}
          aria-label={label}
        >
          {waiting + refused}
        </Badge>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text size="sm" fw={700}>
            {label}
          </Text>
          {items.map((i) => (
            <Text key={i.id} size="xs" c={i.refused ? 'red' : undefined}>
              {dayjs(i.takenAt).format('HH:mm')} {i.label}
              {i.refused ? ` — ${i.refused}` : ''}
            </Text>
          ))}
          {refused > 0 && (
            <Button size="xs" variant="light" color="red" onClick={exportRefused}>
              {t('offline.exportRefused')}
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

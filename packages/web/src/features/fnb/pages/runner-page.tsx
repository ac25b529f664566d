import { Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FnbOrder } from '@sandbar/contract/fnb';
import { fnbName } from '@sandbar/contract/fnb-texts';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api';
import { toastError } from '../../../lib/notify';
import { useMoveOrder, useRunner } from '../api/orders';
import { ListState, OfflineSince } from '../components/station-bits';
import { useFnbLive } from '../hooks/use-fnb-live';
import { useFnbTexts } from '../use-fnb-texts';
import '../../../app/touch-targets.css';

/**
 * The runner's view (issue 35 point 5): ready orders grouped by location and row, for one walk down
 * the beach. "Pick up" puts an order on its way (the board shows a marker on its unit and the
 * guest's phone says so); "Delivered" ends it.
 */
export function RunnerPage() {
  const { t, lang } = useFnbTexts();
  const { data, isPending, error } = useRunner();
  const move = useMoveOrder();
  const { offlineSince } = useFnbLive();
  useEffect(() => {
    document.title = t.station.runner;
  }, [t]);
  const step = (o: FnbOrder) =>
    move.mutate(
      { orderId: o.id, status: o.status === 'on_way' ? 'delivered' : 'on_way' },
      { onError: (err) => toastError(err instanceof ApiError ? err.details : String(err)) },
    );
  const groups = (data?.groups ?? []).filter((g) => g.orders.length > 0);
  return (
    <Box className="touch-targets" data-testid="runner-page">
      <OfflineSince since={offlineSince} />
      <Title order={1} size="h2" px="md" py="sm">
        {t.station.runner}
      </Title>
      <ListState pending={isPending} error={error} empty={!!data && groups.length === 0} />
      <Stack px="md" pb="md" gap="lg">
        {groups.map((g) => (
          <section
            key={`${g.locationId}-${g.row}`}
            aria-labelledby={`row-${g.locationId}-${g.row}`}
            data-testid="runner-row"
          >
            <Title order={2} size="h4" id={`row-${g.locationId}-${g.row}`} mb="xs">
              {g.locationName} · {t.station.row(g.row)}
            </Title>
            <Stack gap="sm">
              {[...g.orders]
                .sort((a, b) => a.position - b.position)
                .map((o) => (
                  <Card
                    key={o.id}
                    withBorder
                    padding="sm"
                    radius="md"
                    data-testid="runner-order"
                    data-order={o.id}
                    data-status={o.status}
                  >
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text fw={700}>
                          #{o.number} · {t.station.forUnit(o.unitLabel, o.row, o.position)}
                        </Text>
                        {o.guestName && <Text size="sm">{t.station.guest(o.guestName)}</Text>}
                        <Text size="sm" c="dimmed">
                          {o.lines.map((l) => `${l.quantity} × ${fnbName(lang, l.name, l.nameEs)}`).join(', ')}
                        </Text>
                      </Stack>
                      {o.status === 'on_way' && (
                        <Badge color="orange" variant="light" style={{ flex: 'none' }}>
                          {t.staff.onItsWay}
                        </Badge>
                      )}
                    </Group>
                    <Button
                      mt="xs"
                      fullWidth
                      color={o.status === 'on_way' ? 'green' : 'sea'}
                      loading={move.isPending && move.variables?.orderId === o.id}
                      onClick={() => step(o)}
                    >
                      {o.status === 'on_way' ? t.station.delivered : t.station.pickUp}
                    </Button>
                  </Card>
                ))}
            </Stack>
          </section>
        ))}
      </Stack>
    </Box>
  );
}

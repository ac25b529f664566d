import { Badge, Box, Button, Card, Center, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FnbOrder } from '@sandbar/contract/fnb';
import { type FnbStation, fnbName, fnbStations } from '@sandbar/contract/fnb-texts';
import { IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { toastError } from '../../../lib/notify';
import { useBump, useStation } from '../api/orders';
import { ListState, OfflineSince, useChime, useNow } from '../components/station-bits';
import { toMs, useFnbLive } from '../hooks/use-fnb-live';
import { useFnbTexts } from '../use-fnb-texts';
import '../../../app/touch-targets.css';

/** Amber, red or calm: a ticket not started after the venue's minutes (issue 35 point 4). */
export function ticketAge(order: FnbOrder, station: FnbStation, now: number, amber: number, red: number) {
  const ticket = order.tickets.find((t) => t.station === station);
  const minutes = Math.max(0, Math.floor((now - toMs(order.createdAt)) / 60_000));
  const started = ticket?.status !== 'received';
  const level: 'calm' | 'amber' | 'red' = started
    ? 'calm'
    : minutes >= red
      ? 'red'
      : minutes >= amber
        ? 'amber'
        : 'calm';
  return { minutes, level, status: ticket?.status ?? 'received' };
}

const levelColour = { calm: 'gray', amber: 'yellow', red: 'red' } as const;

/**
 * /stations/<station> (bar, kitchen): a tablet on the counter. New orders appear live, oldest
 * first, with the unit, its row and position and the guest's name, and a chime; a tap starts a
 * ticket, the next tap bumps it ready for the runners.
 */
export function StationPage() {
  const { station: param } = useParams();
  const station = (fnbStations as readonly string[]).includes(param ?? '') ? (param as FnbStation) : null;
  const { t } = useFnbTexts();
  if (!station) {
    return (
      <Center py="xl">
        <Text>{t.errors.wrongStation}</Text>
      </Center>
    );
  }
  return <Station station={station} />;
}

function Station({ station }: { station: FnbStation }) {
  const { t, lang } = useFnbTexts();
  const { data, isPending, error } = useStation(station);
  const bump = useBump();
  const chime = useChime();
  const { offlineSince } = useFnbLive();
  // The server's clock, not the tablet's: a tablet set five minutes wrong must not turn every ticket red.
  const skew = useRef(0);
  useEffect(() => {
    if (data) skew.current = toMs(data.serverTime) - Date.now();
  }, [data]);
  const now = useNow() + skew.current;
  // A chime for each order not seen before (not for the ones on screen when the page opened).
  const seen = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!data) return;
    const ids = data.orders.map((o) => o.id);
    if (seen.current && ids.some((id) => !seen.current!.has(id))) chime.play();
    seen.current = new Set([...(seen.current ?? []), ...ids]);
  }, [data, chime]);
  useEffect(() => {
    document.title = t.station.title[station];
  }, [t, station]);

  const doBump = (order: FnbOrder) =>
    bump.mutate(
      { orderId: order.id, station },
      { onError: (err) => toastError(err instanceof ApiError ? err.details : String(err)) },
    );

  const orders = [...(data?.orders ?? [])].sort((a, b) => toMs(a.createdAt) - toMs(b.createdAt));
  return (
    <Box className="touch-targets" data-testid="station-page" data-station={station}>
      <OfflineSince since={offlineSince} />
      <Group justify="space-between" px="md" py="sm">
        <Title order={1} size="h2">
          {t.station.title[station]}
        </Title>
        <Button
          variant={chime.on ? 'light' : 'filled'}
          leftSection={chime.on ? <IconVolume size={20} /> : <IconVolumeOff size={20} />}
          onClick={() => (chime.on ? chime.disable() : chime.enable())}
          aria-pressed={chime.on}
        >
          {chime.on ? t.station.soundOn : t.station.enableSound}
        </Button>
      </Group>
      <ListState pending={isPending} error={error} empty={!!data && orders.length === 0} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} px="md" pb="md" component="ol" style={{ listStyle: 'none' }}>
        {orders.map((o) => {
          const age = ticketAge(o, station, now, data!.amberMinutes, data!.redMinutes);
          const mine = o.lines.filter((l) => l.station === station);
          const others = o.tickets.filter((x) => x.station !== station).map((x) => t.station.title[x.station]);
          return (
            <Card
              key={o.id}
              component="li"
              withBorder
              padding="md"
              radius="md"
              data-testid="station-ticket"
              data-order={o.id}
              data-level={age.level}
              data-status={age.status}
              style={{
                borderWidth: age.level === 'calm' ? 1 : 4,
                borderColor:
                  age.level === 'calm'
                    ? age.status === 'preparing'
                      ? 'var(--mantine-color-sea-6)'
                      : undefined
                    : `var(--mantine-color-${levelColour[age.level]}-6)`,
              }}
            >
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Title order={2} size="h3">
                    #{o.number} · {o.unitLabel}
                  </Title>
                  <Badge size="lg" color={levelColour[age.level]} variant={age.level === 'calm' ? 'light' : 'filled'}>
                    {t.station.waiting(age.minutes)}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {t.station.forUnit(o.unitLabel, o.row, o.position)}
                </Text>
                {o.guestName && <Text fw={600}>{t.station.guest(o.guestName)}</Text>}
                <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {mine.map((l) => (
                    <li key={l.id}>
                      <Text fw={700} size="lg">
                        {l.quantity} × {fnbName(lang, l.name, l.nameEs)}
                      </Text>
                      {l.modifiers.length > 0 && (
                        <Text size="sm">{l.modifiers.map((m) => fnbName(lang, m.name, m.nameEs)).join(', ')}</Text>
                      )}
                      {l.note && (
                        <Text size="sm" fs="italic">
                          “{l.note}”
                        </Text>
                      )}
                    </li>
                  ))}
                </Stack>
                {o.note && (
                  <Text size="sm" fs="italic">
                    “{o.note}”
                  </Text>
                )}
                {others.length > 0 && (
                  <Text size="xs" c="dimmed">
                    {t.station.otherStation(others.join(', '))}
                  </Text>
                )}
                <Button
                  size="lg"
                  fullWidth
                  color={age.status === 'received' ? 'sea' : 'green'}
                  loading={bump.isPending && bump.variables?.orderId === o.id}
                  onClick={() => doBump(o)}
                >
                  {age.status === 'received' ? t.station.start : t.station.bump}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}

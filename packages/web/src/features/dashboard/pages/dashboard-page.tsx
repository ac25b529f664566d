import { Alert, Anchor, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { DashboardData, UnitTab } from '@sandbar/contract/units';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { useUnitModalSlots } from '../../../app/unit-modal-slots';
import { useAV, withAV } from '../../../lib/av';
import { useCurrentUser } from '../../../lib/session';
import { unitsKeys } from '../api/keys';
import { useUnits } from '../api/get-units';
import { DateNav } from '../components/date-nav';
import { BoardLegend } from '../components/board-legend';
import { LocationStrip } from '../components/location-strip';
import { UnitModal } from '../components/unit-modal';
import { useBoardEvents } from '../hooks/use-board-events';
import { usePendingMove } from '../move-store';

const isTimeStamp = (v: string | null | undefined): v is string => !!v && /^\d{9,13}$/.test(v);
const toSeconds = (v: string) => (v.length > 10 ? Math.floor(Number(v) / 1000) : Number(v));

/**
 * The board: `/`, `/dashboard`, `/dashboard/{unitView}/{timeStamp}` and
 * `/dashboard/{unitView}/{tabView}/{timeStamp}` (the deeper routes open that unit's modal and tab
 * on that day). Another day without a unit open is `?timeStamp=`; a search term is `?searchTerm=`.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const params = useParams();
  const [query] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // A stable function (per AV value), so the memoised tiles keep the same onOpen.
  const avValue = useAV();
  const av = useCallback((p: string) => withAV(p, avValue), [avValue]);
  const qc = useQueryClient();
  const slots = useUnitModalSlots();
  const move = usePendingMove();
  useBoardEvents();

  const searchTerm = query.get('searchTerm')?.trim() ?? '';
  const rawDay = isTimeStamp(params.timeStamp) ? params.timeStamp : query.get('timeStamp');
  const todayBoard = qc.getQueryData<DashboardData>(unitsKeys.board('today', ''));
  let day: number | 'today' = isTimeStamp(rawDay) ? toSeconds(rawDay) : 'today';
  // A unit opened from today's board carries today's timestamp: stay on the same (cached) board.
  if (day !== 'today' && todayBoard && todayBoard.currentTime === day) day = 'today';
  const { data, isPending, error } = useUnits(day, searchTerm);
  // Units with an F&B order on its way (issue 35): the hook is the F&B feature's, plugged in by app/.
  const orderOnWay = slots.useUnitsWithOrderOnWay?.(data?.currentDay ?? '');

  const unitId = params.unitView && /^\d+$/.test(params.unitView) ? Number(params.unitView) : null;
  const tabView = params.tabView;

  const keepQuery = useCallback(
    (extra: Record<string, string | null>) => {
      const q = new URLSearchParams(location.search);
      for (const [k, v] of Object.entries(extra)) {
        if (v === null) q.delete(k);
        else q.set(k, v);
      }
      const s = q.toString();
      return s ? `?${s}` : '';
    },
    [location.search],
  );

  const dayTs = data?.currentTime;
  const onOpen = useCallback(
    (id: number) => {
      if (dayTs === undefined) return;
      navigate(av(`${paths.dashboardUnit(id, dayTs)}${keepQuery({ timeStamp: null })}`));
    },
    [navigate, av, dayTs, keepQuery],
  );
  // The order bar's Check Out opens a unit of the order on its New Customer tab.
  const onOpenOrder = useCallback(
    (id: number) => {
      if (dayTs === undefined) return;
      navigate(av(`${paths.dashboardUnitTab(id, 'newCustomer', dayTs)}${keepQuery({ timeStamp: null })}`));
    },
    [navigate, av, dayTs, keepQuery],
  );
  const showsToday = !data || data.currentDay === data.today;
  const closeModal = useCallback(() => {
    const ts = day === 'today' || showsToday ? null : String(day);
    navigate(av(`${paths.dashboard}${keepQuery({ timeStamp: ts })}`));
  }, [navigate, av, day, showsToday, keepQuery]);
  const onTab = useCallback(
    (tab: UnitTab) => {
      if (unitId === null || dayTs === undefined) return;
      navigate(av(`${paths.dashboardUnitTab(unitId, tab, dayTs)}${location.search}`), { replace: true });
    },
    [navigate, av, unitId, dayTs, location.search],
  );
  const onDay = useCallback(
    (ts: number | 'today') =>
      navigate(av(`${paths.dashboard}${keepQuery({ timeStamp: ts === 'today' ? null : String(ts) })}`)),
    [navigate, av, keepQuery],
  );

  const matches = useMemo(() => (data?.search ? new Set(data.search.unitIds) : null), [data?.search]);
  // Supervisors looking at days past their window get inert tiles (DESIGN.md section 5).
  const active = !!data && (data.editable || user?.userType === 'A');

  if (!user) return null;
  if (isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (error || !data) {
    return (
      <Container py="xl">
        <Alert color="red">{error?.message}</Alert>
      </Container>
    );
  }
  return (
    <Container fluid py="md" data-testid="dashboard">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2}>{t('board.title')}</Title>
            <Text c="dimmed" data-testid="board-day">
              {data.currentDay}
            </Text>
          </Group>
          <DateNav userType={user.userType} data={data} onDay={onDay} />
        </Group>
        {!data.noLocations && <BoardLegend />}
        {slots.renderDashboardBar?.({ openUnit: onOpenOrder })}
        {data.search && (
          <Group gap="xs" data-testid="search-summary">
            <Text>
              {t('messages.search.searchingFor')} <b>{data.search.searchTerm}</b> ·{' '}
              {t('board.results', { count: data.search.count })}
            </Text>
            <Anchor size="sm" onClick={() => navigate(av(`${paths.dashboard}${keepQuery({ searchTerm: null })}`))}>
              {t('board.clearSearch')}
            </Anchor>
          </Group>
        )}
        {move && (
          <Alert color="orange" title={t('messages.unit.moveCustomer')} data-testid="move-banner">
            {t('board.movePending', { name: move.customerName || '—', from: move.label })}
          </Alert>
        )}
        {!data.editable && user.userType !== 'A' && <Alert color="gray">{t('board.readOnlyDay')}</Alert>}
        {data.noLocations ? (
          <Alert color="yellow" data-testid="no-locations">
            {t('messages.dashboard.noLocations')}
          </Alert>
        ) : (
          data.locations.map((l) => (
            <LocationStrip
              key={l.id}
              location={l}
              matches={matches}
              active={active}
              movingUnitId={move?.unitId ?? null}
              onOpen={onOpen}
              orderOnWay={orderOnWay}
              orderOnWayLabel={t('board.orderOnWay')}
            />
          ))
        )}
      </Stack>
      {unitId !== null && dayTs !== undefined && (
        <UnitModal unitId={unitId} day={day} timeStamp={dayTs} tab={tabView} onTab={onTab} onClose={closeModal} />
      )}
    </Container>
  );
}

import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BoardLocation, Unit } from '@sandbar/contract/units';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import './board-legend.css';
import { useTranslation } from 'react-i18next';
import { TILE_SIZE, UnitTile } from './unit-tile';

const ROW_GAP = 4;
const STRIP_CHROME = 62;

export interface LocationStripProps {
  location: BoardLocation;
  /** Unit ids matching the active search, or null when no term is active. */
  matches: ReadonlySet<number> | null;
  /** May tiles open at all (editing window)? */
  active: boolean;
  movingUnitId: number | null;
  onOpen: (unitId: number) => void;
  /** Units with an F&B order on its way (issue 35): a small marker on the tile. */
  orderOnWay?: ReadonlySet<number>;
  /** That marker's words, in the user's language. */
  orderOnWayLabel?: string;
}

function tileClickable(unit: Unit, active: boolean, searching: boolean): boolean {
  if (!active) return false;
  // While a term is active, empty tiles are not clickable (spec section 2).
  if (searching && unit.unitStatus === 0) return false;
  return true;
}

/** Which sides of a horizontal scroller hide content: a strip wider than the screen says so. */
function useHorizontalOverflow() {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((m) => (m.left === left && m.right === right ? m : { left, right }));
    };
    update();
    const ro = new ResizeObserver(update);
    ro.observe(el);
    el.addEventListener('scroll', update, { passive: true });
    return () => {
      ro.disconnect();
      el.removeEventListener('scroll', update);
    };
  }, []);
  return { ref, more };
}

/** One location: heading and a grid of tiles, one line per row (spec section 2, Dashboard). */
export const LocationStrip = memo(function LocationStrip({
  location,
  matches,
  active,
  movingUnitId,
  onOpen,
  orderOnWay,
  orderOnWayLabel,
}: LocationStripProps) {
  const { t, i18n } = useTranslation();
  // Tiles are memoised: a new array (a language change) is what makes them say their status anew.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const statusNames = useMemo(() => t('board.statusNames', { returnObjects: true }) as string[], [t, i18n.language]);
  const pendingLabel = t('offline.pending');
  const deletedLabel = t('board.saleDeleted');
  const reservedLabel = t('board.reserved');
  const scroller = useHorizontalOverflow();
  const counts = useMemo(() => {
    const all = location.units.flat();
    return { units: all.length, occupied: all.filter((u) => [1, 2, 4, 5].includes(u.unitStatus)).length };
  }, [location.units]);
  const rows = matches
    ? location.units.map((r) => r.filter((u) => matches.has(u.id))).filter((r) => r.length)
    : location.units;
  if (matches && rows.length === 0) return null;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      className="sb-strip"
      // Heading, padding and one 75-px line (plus gap) per row: the size it has before its first layout.
      style={{ containIntrinsicSize: `auto ${STRIP_CHROME + rows.length * (TILE_SIZE + ROW_GAP)}px` }}
      data-location={location.name}
    >
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={3} size="h4">
            {location.fullName}
          </Title>
          <Badge variant="light">{location.name}</Badge>
        </Group>
        <Group gap="xs">
          {(scroller.more.left || scroller.more.right) && (
            <Text size="sm" fw={600} data-testid="strip-scroll-cue">
              {t('board.scrollForMore')}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('board.occupied', counts)}
          </Text>
        </Group>
      </Group>
      <div className="sb-strip-scroll">
        <Stack gap={ROW_GAP} style={{ overflowX: 'auto' }} ref={scroller.ref}>
          {rows.map((row, i) => (
            <div key={row[0]?.row ?? i} className="sb-row">
              {row.map((u) => (
                <UnitTile
                  key={u.id}
                  unit={u}
                  clickable={tileClickable(u, active, matches !== null)}
                  onOpen={onOpen}
                  moving={movingUnitId === u.id}
                  statusNames={statusNames}
                  pendingLabel={pendingLabel}
                  deletedLabel={deletedLabel}
                  reservedLabel={reservedLabel}
                  orderOnWay={orderOnWay?.has(u.id) ?? false}
                  orderOnWayLabel={orderOnWayLabel}
                />
              ))}
            </div>
          ))}
        </Stack>
        {scroller.more.left && (
          <div className="sb-strip-more sb-strip-more--left" aria-hidden="true">
            <IconChevronLeft size={28} />
          </div>
        )}
        {scroller.more.right && (
          <div className="sb-strip-more sb-strip-more--right" aria-hidden="true">
            <IconChevronRight size={28} />
          </div>
        )}
      </div>
    </Paper>
  );
});

import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import type { Unit } from '@sandbar/contract/units';
import { IconBuildingSkyscraper, IconCash, IconCreditCard, IconTicket, IconUsers } from '@tabler/icons-react';
import { memo } from 'react';
import { noteTileRender } from '../render-probe';

/** Tile width 75 (spec section 9). */
export const TILE_SIZE = 75;

/** Tile colours by status (DESIGN.md section 5). */
const look: Record<number, { bg: string; fg: string }> = {
  0: { bg: '#ffffff', fg: '#1f2933' },
  1: { bg: '#2f9e44', fg: '#ffffff' },
  2: { bg: '#e03131', fg: '#ffffff' },
  3: { bg: '#fcc419', fg: '#1f2933' },
  4: { bg: '#1c7ed6', fg: '#ffffff' },
  5: { bg: '#868e96', fg: '#ffffff' },
  6: { bg: '#212529', fg: '#f1f3f5' },
};

function PaymentIcon({ method }: { method: string }) {
  const m = method.toLowerCase();
  const props = { size: 13, 'aria-hidden': true } as const;
  if (m.includes('room')) return <IconBuildingSkyscraper {...props} />;
  if (m.includes('credit') || m.includes('card')) return <IconCreditCard {...props} />;
  if (m.includes('voucher')) return <IconTicket {...props} />;
  return <IconCash {...props} />;
}

const amount = (price: string) => `$${price.endsWith('.00') ? price.slice(0, -3) : price}`;

export interface UnitTileProps {
  unit: Unit;
  clickable: boolean;
  onOpen: (unitId: number) => void;
  /** A move is pending from this unit. */
  moving?: boolean;
}

/**
 * One unit: location, row-position and number in the status colour with its icons (spec section 4).
 * Memoised: a live change replaces only that unit's object, so only its tile renders again.
 */
export const UnitTile = memo(function UnitTile({ unit, clickable, onOpen, moving }: UnitTileProps) {
  noteTileRender(unit.id);
  const s = unit.unitStatus;
  const c = look[s] ?? look[0]!;
  // Dark pier tiles show no number; towers do (DESIGN.md section 5).
  const showNumber = unit.unitNumber > 0 && (s !== 6 || unit.unitType === 'T');
  const paid = s === 2 || s === 3 || s === 4;
  const showPeople = s === 5 || (s === 3 && !unit.paymentMethod);
  return (
    <UnstyledButton
      onClick={clickable ? () => onOpen(unit.id) : undefined}
      disabled={!clickable}
      aria-disabled={!clickable}
      aria-label={`${unit.location} ${unit.unitNumber || ''} row ${unit.row} position ${unit.position}`.replace(
        /\s+/g,
        ' ',
      )}
      data-unit={unit.id}
      data-number={unit.unitNumber}
      data-status={s}
      style={{
        width: TILE_SIZE,
        height: TILE_SIZE,
        background: c.bg,
        color: c.fg,
        border: moving ? '3px dashed #f08c00' : '1px solid #ced4da',
        borderRadius: 6,
        padding: 4,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        cursor: clickable ? 'pointer' : 'default',
        opacity: clickable || s !== 0 ? 1 : 0.75,
      }}
    >
      <Text size="10px" lh={1} style={{ opacity: 0.85 }}>
        {unit.location} {unit.row}-{unit.position}
      </Text>
      <Text fw={700} size="lg" lh={1} ta="center" data-role="number">
        {showNumber ? unit.unitNumber : '\u00a0'}
      </Text>
      <Group gap={2} justify="center" wrap="nowrap" h={14}>
        {paid && unit.paymentMethod ? <PaymentIcon method={unit.paymentMethod} /> : null}
        {showPeople ? <IconUsers size={13} aria-hidden /> : null}
        {(paid || s === 5) && unit.totalPrice !== '0.00' ? (
          <Text size="10px" fw={600} lh={1}>
            {amount(unit.totalPrice)}
          </Text>
        ) : null}
      </Group>
    </UnstyledButton>
  );
});

/** Keeps the row layout when a search hides a tile. */
export function TileGap() {
  return <Box w={TILE_SIZE} h={TILE_SIZE} />;
}

import type { Unit } from '@sandbar/contract/units';
import { IconBuildingSkyscraper, IconCash, IconCreditCard, IconTicket, IconUsers } from '@tabler/icons-react';
import { memo } from 'react';
import { useUnitPending } from '../../../lib/sale-queue';
import { noteTileRender } from '../render-probe';
import './unit-tile.css';

/** Tile width 75 (spec section 9). Colours by status are in unit-tile.css (DESIGN.md section 5). */
export const TILE_SIZE = 75;

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
  // Dark pier tiles show no number; towers do (DESIGN.md section 5).
  const showNumber = unit.unitNumber > 0 && (s !== 6 || unit.unitType === 'T');
  const paid = s === 2 || s === 3 || s === 4;
  const showPeople = s === 5 || (s === 3 && !unit.paymentMethod);
  // A sale taken offline waits on this tablet to be sent (issue 13).
  const pending = useUnitPending(unit.id);
  return (
    <button
      type="button"
      className={moving ? 'sb-tile sb-tile--moving' : 'sb-tile'}
      onClick={clickable ? () => onOpen(unit.id) : undefined}
      disabled={!clickable}
      aria-label={`${unit.location} ${unit.unitNumber || ''} row ${unit.row} position ${unit.position}`.replace(
        /\s+/g,
        ' ',
      )}
      data-unit={unit.id}
      data-number={unit.unitNumber}
      data-status={s}
      data-pending={pending ? 'true' : undefined}
    >
      {pending && <span className="sb-tile__pending">pending</span>}
      <span className="sb-tile__where">
        {unit.location} {unit.row}-{unit.position}
      </span>
      <span className="sb-tile__number" data-role="number">
        {showNumber ? unit.unitNumber : '\u00a0'}
      </span>
      <span className="sb-tile__pay">
        {paid && unit.paymentMethod ? <PaymentIcon method={unit.paymentMethod} /> : null}
        {showPeople ? <IconUsers size={13} aria-hidden /> : null}
        {(paid || s === 5) && unit.totalPrice !== '0.00' ? amount(unit.totalPrice) : null}
      </span>
    </button>
  );
});

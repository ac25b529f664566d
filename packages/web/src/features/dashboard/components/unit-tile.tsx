import type { Unit } from '@sandbar/contract/units';
import { formatMoney } from '@sandbar/contract/rules/money';
import {
  IconBuildingSkyscraper,
  IconCalendarEvent,
  IconCash,
  IconCreditCard,
  IconDoorExit,
  IconGlassFull,
  IconShoppingCart,
  IconTicket,
  IconUsers,
} from '@tabler/icons-react';
import { memo } from 'react';
import { useUnitPending } from '../../../lib/sale-queue';
import { noteTileRender } from '../render-probe';
import './unit-tile.css';

/** Tile width 75 (spec section 9). Colours by status are in unit-tile.css (DESIGN.md section 5). */
export const TILE_SIZE = 75;

function PaymentIcon({ method }: { method: string }) {
  const m = method.toLowerCase();
  const props = { size: 14, 'aria-hidden': true } as const;
  if (m.includes('room')) return <IconBuildingSkyscraper {...props} />;
  if (m.includes('credit') || m.includes('card')) return <IconCreditCard {...props} />;
  if (m.includes('voucher')) return <IconTicket {...props} />;
  return <IconCash {...props} />;
}

/** The tile's amount: "$35", "$35.50", "$1,200" (contract rules/money). */
const amount = (price: string) => formatMoney(price, { dropZeroCents: true });

export interface UnitTileProps {
  unit: Unit;
  clickable: boolean;
  onOpen: (unitId: number) => void;
  /** A move is pending from this unit. */
  moving?: boolean;
  /** Status words by code, in the user's language (board.statusNames): the tile's accessible name says it. */
  statusNames?: readonly string[];
  /** The word on a tile whose sale waits on this tablet (offline.pending), in the user's language. */
  pendingLabel?: string;
  /** The word on a tile whose sale an admin deleted (board.saleDeleted), in the user's language. */
  deletedLabel?: string;
  /** The status word of a unit booked for the day (board.reserved), in the user's language. */
  reservedLabel?: string;
  /** An F&B order is on its way to this unit (issue 35 point 5): a small marker. */
  orderOnWay?: boolean;
  /** The marker's words (the F&B texts' "On its way"), in the user's language. */
  orderOnWayLabel?: string;
}

/** Held (1) by a booking for the day rather than a cart (issue 24, DESIGN.md section 11). */
export const isReserved = (unit: Unit) => unit.unitStatus === 1 && !!unit.reservations?.length;

const englishStatus = ['Empty', 'Held', 'Paid', 'Customer left', 'Room charge', 'Occupied', 'Pier / Tower'];

/**
 * The tile's accessible name begins with its visible text (WCAG 2.5.3: "tap MB 1-2" works by voice),
 * then says what the colour says and who is on it: "MB 1-2 12 $35, Paid, Smith".
 */
export function tileName(
  unit: Unit,
  visible: { number: boolean; amount: string | null },
  statusNames: readonly string[] = englishStatus,
  deletedLabel = 'Deleted',
  reservedLabel = 'Reserved',
) {
  const customer = unit.customers.at(-1)?.customerName.trim();
  const booking = isReserved(unit) ? unit.reservations![0]! : null;
  // The name starts with the tile's visible text in the order it shows (axe
  // label-content-name-mismatch: voice control users say what they see), then what only the name tells.
  return [
    [
      `${unit.location} ${unit.row}-${unit.position}`,
      visible.number ? unit.unitNumber : '',
      unit.saleDeleted ? deletedLabel : '',
      visible.amount ?? '',
      booking ? bookingShown(booking) : '',
    ]
      .filter((x) => x !== '')
      .join(' '),
    booking ? reservedLabel : (statusNames[unit.unitStatus] ?? ''),
    booking ? booking.guestName : unit.unitStatus === 1 && unit.heldBy ? unit.heldBy : customer,
  ]
    .filter(Boolean)
    .join(', ');
}

/** What a reserved tile shows of its booking: the arrival time, or the guest's first name. */
function bookingShown(booking: { arrival?: string | null; guestName: string }) {
  return booking.arrival || booking.guestName.split(' ')[0];
}

/**
 * One unit: location, row-position and number in the status colour with its icons (spec section 4).
 * Memoised: a live change replaces only that unit's object, so only its tile renders again.
 */
export const UnitTile = memo(function UnitTile({
  unit,
  clickable,
  onOpen,
  moving,
  statusNames,
  pendingLabel = 'pending',
  deletedLabel = 'Deleted',
  reservedLabel = 'Reserved',
  orderOnWay = false,
  orderOnWayLabel = 'On its way',
}: UnitTileProps) {
  noteTileRender(unit.id);
  const s = unit.unitStatus;
  // Dark pier tiles show no number; towers do (DESIGN.md section 5).
  const showNumber = unit.unitNumber > 0 && (s !== 6 || unit.unitType === 'T');
  const paid = s === 2 || s === 3 || s === 4;
  const showPeople = s === 5 || (s === 3 && !unit.paymentMethod);
  const money = (paid || s === 5) && unit.totalPrice !== '0.00' ? amount(unit.totalPrice) : null;
  // A sale taken offline waits on this tablet to be sent (issue 13).
  const pending = useUnitPending(unit.id);
  const booking = isReserved(unit) ? unit.reservations![0]! : null;
  return (
    <button
      type="button"
      className={moving ? 'sb-tile sb-tile--moving' : 'sb-tile'}
      onClick={clickable ? () => onOpen(unit.id) : undefined}
      disabled={!clickable}
      aria-label={[
        pending ? pendingLabel : '',
        tileName(unit, { number: showNumber, amount: money }, statusNames, deletedLabel, reservedLabel),
      ]
        .filter(Boolean)
        .join(' ')
        .concat(orderOnWay ? `, ${orderOnWayLabel}` : '')}
      data-unit={unit.id}
      data-number={unit.unitNumber}
      data-status={s}
      data-reserved={booking ? 'true' : undefined}
      data-pending={pending ? 'true' : undefined}
      data-deleted={unit.saleDeleted ? 'true' : undefined}
      data-order-on-way={orderOnWay ? 'true' : undefined}
    >
      {orderOnWay && (
        <span className="sb-tile__fnb" title={orderOnWayLabel}>
          <IconGlassFull size={12} aria-hidden />
        </span>
      )}
      {pending && <span className="sb-tile__pending">{pendingLabel}</span>}
      <span className="sb-tile__where">
        <span className="sb-tile__place">
          {unit.location} {unit.row}-{unit.position}
        </span>
        {/* Status is never told by colour alone: held and left carry their own mark. */}
        {s === 1 && booking ? <IconCalendarEvent size={14} aria-hidden /> : null}
        {s === 1 && !booking ? <IconShoppingCart size={14} aria-hidden /> : null}
        {s === 3 ? <IconDoorExit size={14} aria-hidden /> : null}
      </span>{' '}
      {/* The spaces keep the parts apart in the text a screen reader or voice control reads. */}
      <span className="sb-tile__number" data-role="number">
        {showNumber ? unit.unitNumber : '\u00a0'}
      </span>{' '}
      <span className="sb-tile__pay">
        {paid && unit.paymentMethod ? <PaymentIcon method={unit.paymentMethod} /> : null}
        {showPeople ? <IconUsers size={14} aria-hidden /> : null}
        {/* An admin deleted the sale (issue 26): the tile says so beside the amount it had. */}
        {unit.saleDeleted ? <span className="sb-tile__deleted">{deletedLabel}</span> : null}{' '}
        {unit.saleDeleted && money ? <s>{money}</s> : money}
        {booking ? <span className="sb-tile__guest">{bookingShown(booking)}</span> : null}
      </span>
    </button>
  );
});

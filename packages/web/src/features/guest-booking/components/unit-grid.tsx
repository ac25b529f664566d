import type { GuestBookingTexts } from '@sandbar/contract/booking-page';
import type { BookingLocation, BookingUnit } from '@sandbar/contract/reservations';
import { type BookingWindow, bookableFor } from '@sandbar/contract/rules/reservation';
import { useEffect, useRef, useState } from 'react';

/** A unit as the guest reads it: its number, or row-position when it has none (the board's rule). */
export const unitLabel = (u: Pick<BookingUnit, 'unitNumber' | 'row' | 'position'>) =>
  String(u.unitNumber || `${u.row}-${u.position}`);

/**
 * The location's units on the board's row/position grid: free ones are buttons to choose, the
 * rest are shown where they stand but cannot be pressed. Nothing says who holds a unit: the
 * public answer has no guest data to show.
 */
export function UnitGrid(props: {
  t: GuestBookingTexts;
  location: BookingLocation;
  window: BookingWindow;
  selected: number[];
  onToggle(unit: BookingUnit): void;
}) {
  const { t, location } = props;
  const grid = useRef<HTMLDivElement>(null);
  const more = useMoreToTheSide(grid, location);
  return (
    <>
      <div className="gb-grid" ref={grid} role="group" aria-label={location.fullName} data-testid="guest-grid">
        {location.rows.map((row) => (
          <div className="gb-row" key={row[0]?.row ?? 0} aria-label={t.row(row[0]?.row ?? 0)} role="group">
            {row.map((u) => {
              const dark = u.state === 'dark';
              const free = bookableFor(u, props.window);
              const chosen = props.selected.includes(u.unitId);
              // A walk-in row says so whether or not someone sits there: the page books it never.
              const walkIn = !dark && u.walkIn === true;
              const state = dark ? 'dark' : walkIn ? 'walkin' : chosen ? 'chosen' : free ? 'free' : 'taken';
              const word = dark ? t.notBookable : walkIn ? t.walkIn : chosen ? t.chosen : free ? t.free : t.taken;
              return (
                <button
                  key={u.unitId}
                  type="button"
                  className="gb-unit"
                  data-state={state}
                  data-unit={u.unitId}
                  data-number={u.unitNumber}
                  aria-pressed={free ? chosen : undefined}
                  aria-label={`${t.unit(location.name, unitLabel(u))}, ${word}`}
                  disabled={!free}
                  onClick={() => props.onToggle(u)}
                >
                  {unitLabel(u)}
                </button>
              );
            })}
          </div>
        ))}
      </div>
      {more && (
        <p className="gb-note gb-more" data-testid="guest-grid-more">
          {t.moreToTheSide}
        </p>
      )}
    </>
  );
}

/**
 * True while the grid's rows run past its right edge (a phone, a long row): a guest who cannot
 * see the edge would think the beach ends at the screen's.
 */
function useMoreToTheSide(grid: React.RefObject<HTMLDivElement | null>, location: BookingLocation): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = grid.current;
    if (!el) return;
    const check = () => setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 4);
    check();
    el.addEventListener('scroll', check, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', check);
      observer?.disconnect();
    };
  }, [grid, location]);
  return more;
}

/** The key under the grid (walk-in only where the place keeps rows for walk-ins). */
export function GridLegend({ t, walkIn = false }: { t: GuestBookingTexts; walkIn?: boolean }) {
  return (
    <ul className="gb-legend" aria-label={t.legend}>
      <li>
        <span className="gb-swatch" data-state="free" aria-hidden="true" />
        {t.free}
      </li>
      <li>
        <span className="gb-swatch" data-state="chosen" aria-hidden="true" />
        {t.chosen}
      </li>
      <li>
        <span className="gb-swatch" data-state="taken" aria-hidden="true" />
        {t.taken}
      </li>
      {walkIn && (
        <li>
          <span className="gb-swatch" data-state="walkin" aria-hidden="true" />
          {t.walkIn}
        </li>
      )}
    </ul>
  );
}

import { Button, Stack } from '@mantine/core';
import type { Unit } from '@sandbar/contract/units';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { ReservationCard } from './reservation-card';

// Render functions for the board's slots; app/ plugs them in (features stay apart).

/** Above the tabs of a unit booked for the day: each booking with Check in, Move, Cancel, No-show. */
export function renderReservationPanel(ctx: {
  unit: Unit;
  day: string;
  refresh(): void;
  checkInId?: number | null;
  startCheckIn?(reservationId: number): void;
  resolveUnit?(unitNumber: number): number | null;
}) {
  const list = ctx.unit.reservations ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" mb="sm" data-testid="reservation-panel">
      {list.map((r) => (
        <ReservationCard
          key={r.id}
          reservation={r}
          day={ctx.day}
          onChanged={ctx.refresh}
          // Checking this booking in already: the wizard is below, no second Check in.
          onCheckIn={ctx.startCheckIn && ctx.checkInId !== r.id ? () => ctx.startCheckIn?.(r.id) : undefined}
          resolveUnit={ctx.resolveUnit}
        />
      ))}
    </Stack>
  );
}

/** The board's link to the bookings screen. */
export function BookingsLink() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={paths.bookings} variant="light" size="md" mih={48} data-testid="bookings-link">
      {t('bookings.open')}
    </Button>
  );
}

import { Alert, Stack, Text } from '@mantine/core';
import type { UnitReservation } from '@sandbar/contract/reservations';
import type { Unit } from '@sandbar/contract/units';
import { useTranslation } from 'react-i18next';

/**
 * New Customer on a unit booked for today (issue 32, decision 170): who holds it, and that a
 * walk-in cannot be sold it today, even before the guest arrives; the booking above has Check in.
 */
export function ReservedNotice({ unit, booking }: { unit: Unit; booking: UnitReservation }) {
  const { t } = useTranslation();
  const label = `${unit.location} ${unit.unitNumber || `${unit.row}-${unit.position}`}`;
  return (
    <Stack gap="xs" data-testid="reserved-notice">
      <Alert color="violet" variant="light" title={t('sale.reservedTitle', { unit: label, name: booking.guestName })}>
        <Text size="sm">{t('sale.noWalkIn')}</Text>
        <Text size="sm" mt={4}>
          {booking.status !== 'held'
            ? t('sale.checkInAbove', { name: booking.guestName })
            : booking.awaitingPayment
              ? t('sale.paymentThenCheckIn', { name: booking.guestName })
              : t('sale.confirmThenCheckIn', { name: booking.guestName })}
        </Text>
      </Alert>
    </Stack>
  );
}

import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { BookingUnit } from '@sandbar/contract/reservations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookingBoard } from '../api/get-booking-board';
import { useReservations } from '../api/get-reservations';
import { BookingForm } from '../components/booking-form';
import { OwedRefundsPanel } from '../components/owed-refunds-panel';
import { ReservationCard } from '../components/reservation-card';
import { WaitlistPanel } from '../components/waitlist-panel';
import { DayPayLinks } from '../components/pay-link-panel';
import { useVenueDay } from '../../../lib/venue-format';
import '../components/booking-grid.css';
import '../../../app/touch-targets.css';

/**
 * /bookings: staff take a desk or phone booking for any day up to the venue's window (issue 24
 * point 3): pick the day and location, tap free units, Book; tap a booked unit to move, cancel or
 * release it. The grid is the board's row/position layout.
 */
export function BookingsPage() {
  const { t } = useTranslation();
  const [day, setDay] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [booking, setBooking] = useState(false);
  const [openUnit, setOpenUnit] = useState<BookingUnit | null>(null);
  const { data, isPending, error } = useBookingBoard(day, locationId);
  const dayName = useVenueDay();
  const shownDay = data?.day ?? day ?? '';
  // Held online bookings wait for staff, or for the guest's payment (no Confirm: the provider
  // confirms those); a phone booking held for its payment link is in the links panel.
  const heldOnline = (useReservations(shownDay || null, 'held').data?.reservations ?? []).filter(
    (r) => r.channel === 'online',
  );
  const waiting = heldOnline.filter((r) => !r.awaitingPayment);
  const paying = heldOnline.filter((r) => r.awaitingPayment);
  const location = data ? (data.locations.find((l) => l.id === locationId) ?? data.locations[0]) : undefined;
  const units = location?.rows.flat() ?? [];
  const label = (u: { unitNumber: number; row: number; position: number }) =>
    `${location?.name ?? ''} ${u.unitNumber || `${u.row}-${u.position}`}`;
  const toggle = (u: BookingUnit) => {
    if (u.state === 'reserved') return setOpenUnit(u);
    if (u.state !== 'free') return;
    setSelected((s) => (s.includes(u.unitId) ? s.filter((x) => x !== u.unitId) : [...s, u.unitId]));
  };
  const changeDay = (d: string) => {
    setDay(d);
    setSelected([]);
  };

  return (
    <Container size="xl" py="md" className="touch-targets">
      <Stack gap="sm">
        <Title order={2}>{t('bookings.title')}</Title>
        <Group align="end" wrap="wrap">
          <TextInput
            type="date"
            label={t('bookings.day')}
            value={shownDay}
            min={data?.today}
            max={data?.lastDay}
            onChange={(e) => /^\d{4}-\d{2}-\d{2}$/.test(e.currentTarget.value) && changeDay(e.currentTarget.value)}
            data-testid="booking-day"
          />
          {data && data.locations.length > 1 && (
            <SegmentedControl
              aria-label={t('bookings.location')}
              value={String(location?.id ?? '')}
              onChange={(v) => {
                setLocationId(Number(v));
                setSelected([]);
              }}
              data={data.locations.map((l) => ({ value: String(l.id), label: l.name }))}
            />
          )}
          <Button disabled={selected.length === 0} onClick={() => setBooking(true)} data-testid="book-selected">
            {t('bookings.book')} {selected.length > 0 ? `(${t('bookings.selected', { count: selected.length })})` : ''}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('bookings.chooseUnits')}
        </Text>
        <OwedRefundsPanel />
        {waiting.length > 0 && (
          <Stack gap="xs" data-testid="bookings-waiting">
            <Title order={3}>{t('bookings.waiting', { count: waiting.length })}</Title>
            <Text size="sm" c="dimmed">
              {t('bookings.waitingHint')}
            </Text>
            {waiting.map((r) => (
              <Stack gap={2} key={r.id}>
                <Text size="sm" fw={600}>
                  {[...new Set(r.units.map((u) => u.label))].join(', ')} · {t(`bookings.channels.${r.channel}`)}
                </Text>
                {/* Staff confirming an online booking see the extras it asks for. */}
                <ReservationCard
                  reservation={{ ...r, itemNames: r.items.filter((i) => i.saleId === null).map((i) => i.name) }}
                  day={shownDay}
                />
              </Stack>
            ))}
          </Stack>
        )}
        {paying.length > 0 && (
          <Stack gap="xs" data-testid="bookings-awaiting-payment">
            <Title order={3}>{t('bookings.awaitingPayment', { count: paying.length })}</Title>
            <Text size="sm" c="dimmed">
              {t('bookings.awaitingPaymentHint')}
            </Text>
            {paying.map((r) => (
              <Stack gap={2} key={r.id}>
                <Text size="sm" fw={600}>
                  {[...new Set(r.units.map((u) => u.label))].join(', ')} · {t(`bookings.channels.${r.channel}`)}
                </Text>
                <ReservationCard
                  reservation={{ ...r, itemNames: r.items.filter((i) => i.saleId === null).map((i) => i.name) }}
                  day={shownDay}
                />
              </Stack>
            ))}
          </Stack>
        )}
        {isPending && (
          <Center py="lg">
            <Loader />
          </Center>
        )}
        {error && <Alert color="red">{(error as Error).message}</Alert>}
        {location && (
          <div className="sb-book-grid" data-testid="booking-grid" aria-label={location.fullName}>
            {location.rows.map((row, i) => (
              <div className="sb-book-row" key={i}>
                {row.map((u) => {
                  const half = u.state === 'reserved' && !(u.halves.am && u.halves.pm);
                  const who = u.reservations?.[0]?.guestName;
                  const small =
                    u.state !== 'reserved'
                      ? null
                      : half
                        ? u.halves.am
                          ? t('bookings.windows.morning')
                          : t('bookings.windows.afternoon')
                        : who?.split(' ')[0];
                  // The name is the words shown, in order, with the rest for a screen reader
                  // around them (issue 32: "MB 12, Reserved, Rita Race" did not contain "12 Rita").
                  return (
                    <button
                      key={u.unitId}
                      type="button"
                      className="sb-book-unit"
                      data-state={u.state}
                      data-unit={u.unitId}
                      data-number={u.unitNumber}
                      aria-pressed={selected.includes(u.unitId)}
                      disabled={u.state === 'taken' || u.state === 'dark'}
                      onClick={() => toggle(u)}
                    >
                      <span className="sb-sr-only">{location.name} </span>
                      {u.unitNumber || `${u.row}-${u.position}`}
                      {small && (
                        <>
                          {' '}
                          <small>{small}</small>
                        </>
                      )}
                      <span className="sb-sr-only">
                        {[
                          '',
                          t(`bookings.${u.state === 'dark' ? 'taken' : u.state}`),
                          half || (who && small !== who) ? who : null,
                        ]
                          .filter((x) => x !== null && x !== undefined)
                          .join(', ')}
                      </span>
                    </button>
                  );
                })}
              </div>
            ))}
          </div>
        )}
        {shownDay && <DayPayLinks day={shownDay} locationId={location?.id ?? null} />}
        {location && shownDay && <WaitlistPanel day={shownDay} locationId={location.id} locationName={location.name} />}
      </Stack>
      {booking && (
        <Modal
          opened
          onClose={() => setBooking(false)}
          title={t('bookings.bookUnits', {
            units: units
              .filter((u) => selected.includes(u.unitId))
              .map(label)
              .join(', '),
            day: dayName(shownDay),
          })}
          className="touch-targets"
        >
          <BookingForm
            unitIds={selected}
            unitTypes={[...new Set(units.filter((u) => selected.includes(u.unitId)).map((u) => u.unitType))]}
            day={shownDay}
            onCancel={() => setBooking(false)}
            onDone={() => {
              setBooking(false);
              setSelected([]);
            }}
          />
        </Modal>
      )}
      {openUnit && (
        <Modal opened onClose={() => setOpenUnit(null)} title={label(openUnit)} className="touch-targets">
          <Stack gap="sm">
            {(openUnit.reservations ?? []).map((r) => (
              <ReservationCard
                key={r.id}
                reservation={r}
                day={shownDay}
                onChanged={() => setOpenUnit(null)}
                resolveUnit={(n) => units.find((x) => x.unitNumber === n)?.unitId ?? null}
              />
            ))}
          </Stack>
        </Modal>
      )}
    </Container>
  );
}

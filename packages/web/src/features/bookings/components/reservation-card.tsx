import { Alert, Badge, Button, Card, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { formatMoney } from '@sandbar/contract/rules/money';
import { type ReservationResponse, type UnitReservation, reservationTexts } from '@sandbar/contract/reservations';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localText, toastError, toastSuccess } from '../../../lib/notify';
import { useMoney, useVenueTime } from '../../../lib/venue-format';
import { useCancelPolicy } from '../api/get-cancel-policy';
import { useCancelReservation, useConfirmReservation, useMarkNoShow, useMoveReservation } from '../api/mutations';
import { dayRange, unitCount, unitLabels } from './unit-labels';
import { useBookingPayLink } from '../api/pay-links';
import { PayLinkStatus, SendPayLinkPane } from './pay-link-panel';

type Pane = null | 'cancel' | 'noShow' | 'move' | 'payLink';

/**
 * One booking on a unit (the board's modal or the booking grid): who, when, how many, the deposit
 * on account, and what staff may do with it — check in (opens the sale wizard), move, cancel with
 * the policy, mark a no-show.
 */
export function ReservationCard({
  reservation: r,
  day,
  onCheckIn,
  onChanged,
  resolveUnit,
}: {
  reservation: UnitReservation;
  day: string;
  onCheckIn?: () => void;
  onChanged?: () => void;
  /** The unit id of a unit number in the same location, for Move. */
  resolveUnit?: (unitNumber: number) => number | null;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 36em)');
  const [pane, setPane] = useState<Pane>(null);
  const [reason, setReason] = useState('');
  // null: the venue's policy decides; a choice is a supervisor's or admin's override, with a reason.
  const [deposit, setDeposit] = useState<'keep' | 'forfeit' | 'refund' | null>(null);
  const [overrideReason, setOverrideReason] = useState('');
  // With a refund: the amount typed (null until touched: the policy's share, or all when it keeps it).
  const [refundAmount, setRefundAmount] = useState<string | null>(null);
  const [moveNumber, setMoveNumber] = useState('');
  const [moveDay, setMoveDay] = useState(day);
  const [localError, setLocalError] = useState<string | null>(null);
  const cancel = useCancelReservation();
  const noShow = useMarkNoShow();
  const move = useMoveReservation();
  const confirm = useConfirmReservation();
  const error = localError ?? ((cancel.error ?? noShow.error ?? move.error ?? confirm.error) as Error | null)?.message;
  // Pay by link (issue 33 point 7): a booked, unpaid booking may get a link; one held for its
  // link waits for the guest's payment (not for staff to confirm it).
  // Asked of a held booking (is it waiting for its link?) and when staff open the link's pane.
  const payLink = useBookingPayLink(r.id, r.status === 'held' || pane === 'payLink');
  const link = payLink.data?.link ?? null;
  const linkWaiting = link?.state === 'waiting';
  // A booked booking with nothing on account, not a hotel rate; the server says the rest.
  const canSendLink = r.status === 'confirmed' && r.depositBalance === '0.00' && !r.hotelId;
  // A held booking (online, waiting for staff) is confirmed first; only then checked in or released.
  const held = r.status === 'held';
  // Held for the guest's online payment: the provider's webhook confirms it, never staff (409).
  const awaiting = held ? (r.awaitingPayment ?? null) : null;
  const done = () => {
    setPane(null);
    onChanged?.();
  };
  const reasonHint = useId();
  const reasonMissing = reason.trim() === '';
  // Said once it is done (issue 32), with the units it frees; a deposit's fate in the server's words.
  const cancelled = (res: ReservationResponse) => {
    const b = res.reservation;
    const said = t('bookings.cancelledToast', { name: r.guestName, units: unitLabels(b), count: unitCount(b) });
    const text = res.details === reservationTexts.cancelled ? said : `${said} ${localText(res.details)}`;
    // A refund the provider refused is no success to celebrate: said in red, owed on /bookings.
    if (res.details.startsWith('The payment provider refused')) toastError(text);
    else toastSuccess(text);
    done();
  };
  const noShowDone = (res: ReservationResponse) => {
    const b = res.reservation;
    toastSuccess(t('bookings.noShowToast', { name: r.guestName, units: unitLabels(b), count: unitCount(b) }));
    done();
  };
  const hasDeposit = r.depositBalance !== '0.00';
  const policy = useCancelPolicy(r.id, pane === 'cancel' && hasDeposit);
  const money = useMoney();
  const time = useVenueTime();
  const verdict = policy.data;
  const choice = deposit ?? verdict?.outcome;
  // What a refund gives back unless staff type another amount: the policy's share, else all.
  const defaultRefund =
    verdict?.outcome === 'refund' ? (verdict.refund ?? verdict.deposit) : (verdict?.deposit ?? '0.00');
  const typedRefund = (refundAmount ?? '').trim();
  const refundChanged =
    choice === 'refund' && typedRefund !== '' && Number(typedRefund) !== Number(verdict?.refund ?? verdict?.deposit);
  const overriding = verdict !== undefined && ((deposit !== null && deposit !== verdict.outcome) || refundChanged);
  // The server refuses an override without its reason: the button waits for it, and says so.
  const overrideMissing = pane === 'cancel' && overriding && overrideReason.trim() === '';
  return (
    <Card withBorder padding="sm" data-testid="reservation-card" data-reservation={r.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{t('bookings.reservedFor', { name: r.guestName })}</Text>
          {/* The status whole, also on a phone: the name wraps instead. */}
          <Badge
            variant="light"
            color={awaiting ? 'orange' : undefined}
            style={{ flexShrink: 0, overflow: 'visible' }}
            data-testid="reservation-status"
          >
            {awaiting ? t('bookings.awaitingBadge') : t(`bookings.status.${r.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {[
            t(`bookings.windows.${r.window}`),
            r.arrival ? t('bookings.arriving', { time: r.arrival }) : null,
            t('bookings.party', { count: r.partySize }),
            hasDeposit ? t('bookings.depositOnAccount', { amount: formatMoney(r.depositBalance) }) : null,
            r.phone || null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {/* What the guest asked for on the page: a hotel rate (checked on the roster) and extras. */}
        {r.hotelId && r.roomNumber ? (
          <Text size="sm">{t('bookings.hotelGuestRoom', { room: r.roomNumber, name: r.lastName })}</Text>
        ) : null}
        {r.itemNames?.length ? (
          <Text size="sm" data-testid="booking-extras">
            {t('bookings.extras', { names: r.itemNames.join(', ') })}
          </Text>
        ) : null}
        {r.notes ? (
          <Text size="sm" data-testid="booking-notes" style={{ overflowWrap: 'anywhere' }}>
            {t('bookings.notesLine', { notes: r.notes })}
          </Text>
        ) : null}
        {/* A link's own status says the amount and deadline (with resend and cancel); a guest's
            checkout on /book says them here. */}
        {awaiting && awaiting.via === 'checkout' && (
          <Text size="sm" c="orange.9" data-testid="awaiting-payment">
            {t('bookings.awaitingLine', { amount: money(awaiting.amount), time: time(awaiting.until) })}
          </Text>
        )}
        {held && link && link.state !== 'cancelled' && <PayLinkStatus link={link} />}
        {error && <Alert color="red">{error}</Alert>}
        {pane === null && (
          <Group gap="xs">
            {canSendLink && (
              <Button variant="default" onClick={() => setPane('payLink')} data-testid="pay-link-open">
                {t('bookings.payLink.open')}
              </Button>
            )}
            {held && !awaiting && !linkWaiting && (
              <Button
                loading={confirm.isPending}
                onClick={() => confirm.mutate({ id: r.id }, { onSuccess: done })}
                data-testid="confirm-booking"
              >
                {t('bookings.confirmBooking')}
              </Button>
            )}
            {onCheckIn && !held && (
              <Button onClick={onCheckIn} data-testid="check-in">
                {t('bookings.checkIn')}
              </Button>
            )}
            {resolveUnit && (
              <Button variant="default" onClick={() => setPane('move')}>
                {t('bookings.move')}
              </Button>
            )}
            {!held && (
              <Button variant="default" onClick={() => setPane('noShow')}>
                {t('bookings.noShow')}
              </Button>
            )}
            <Button variant="subtle" color="red" onClick={() => setPane('cancel')}>
              {t('bookings.cancelBooking')}
            </Button>
          </Group>
        )}
        {(pane === 'cancel' || pane === 'noShow') && (
          <Stack gap="xs">
            {/* Required, and said before the tap (issue 32): the button waits for a reason. */}
            <TextInput
              label={t('bookings.reason')}
              description={t('bookings.reasonRequired')}
              required
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              data-testid="booking-reason"
            />
            {pane === 'cancel' && hasDeposit && verdict && verdict.outcome !== 'none' && (
              <Alert
                color={verdict.outcome === 'refund' ? 'teal' : 'orange'}
                variant="light"
                data-testid="cancel-policy"
                data-outcome={verdict.outcome}
              >
                {t(
                  verdict.outcome === 'forfeit'
                    ? 'bookings.policyForfeit'
                    : verdict.refund && verdict.refund !== verdict.deposit
                      ? 'bookings.policyRefundShare'
                      : 'bookings.policyRefund',
                  {
                    amount: money(verdict.deposit),
                    refund: money(verdict.refund ?? verdict.deposit),
                    cutoff: time(verdict.cutoffAt, true),
                  },
                )}
                {verdict.online && verdict.online !== '0.00' && (
                  <Text size="sm" mt={4} data-testid="cancel-paid-online">
                    {t('bookings.paidOnline', { amount: money(verdict.online) })}
                  </Text>
                )}
              </Alert>
            )}
            {pane === 'cancel' && hasDeposit && verdict?.canOverride && verdict.outcome !== 'none' && (
              <Stack gap="xs">
                <SegmentedControl
                  aria-label={t('bookings.depositAction')}
                  // Three long choices do not fit a phone's width side by side: stacked there.
                  orientation={narrow ? 'vertical' : 'horizontal'}
                  fullWidth={narrow}
                  value={deposit ?? verdict.outcome}
                  onChange={(v) => {
                    setDeposit(v as NonNullable<typeof deposit>);
                    setRefundAmount(null);
                  }}
                  data={[
                    { value: 'refund', label: t('bookings.depositRefund') },
                    { value: 'forfeit', label: t('bookings.depositForfeit') },
                    { value: 'keep', label: t('bookings.depositKeep') },
                  ]}
                  data-testid="cancel-deposit-choice"
                />
                {choice === 'refund' && (
                  <TextInput
                    label={t('bookings.refundAmount')}
                    description={t('bookings.refundAmountHint')}
                    inputMode="decimal"
                    leftSection="$"
                    value={refundAmount ?? defaultRefund}
                    onChange={(e) => setRefundAmount(e.currentTarget.value)}
                    maxLength={10}
                    data-testid="refund-amount"
                  />
                )}
                {overriding && (
                  <TextInput
                    required
                    label={t('bookings.overrideReason')}
                    description={t('bookings.overrideHint')}
                    value={overrideReason}
                    onChange={(e) => setOverrideReason(e.currentTarget.value)}
                    maxLength={500}
                    data-testid="override-reason"
                  />
                )}
              </Stack>
            )}
            <Group gap="xs">
              <Button
                color="red"
                loading={cancel.isPending || noShow.isPending}
                disabled={reasonMissing || overrideMissing}
                aria-describedby={reasonMissing || overrideMissing ? reasonHint : undefined}
                onClick={() =>
                  pane === 'cancel'
                    ? cancel.mutate(
                        {
                          id: r.id,
                          reason,
                          ...(overriding
                            ? {
                                deposit: choice as 'refund' | 'forfeit' | 'keep',
                                ...(choice === 'refund' && typedRefund !== '' ? { refundAmount: typedRefund } : {}),
                                overrideReason,
                              }
                            : {}),
                        },
                        { onSuccess: cancelled },
                      )
                    : noShow.mutate({ id: r.id, reason }, { onSuccess: noShowDone })
                }
              >
                {pane === 'cancel' ? t('bookings.confirmCancel') : t('bookings.confirmNoShow')}
              </Button>
              <Button variant="default" onClick={() => setPane(null)}>
                {t('bookings.back')}
              </Button>
            </Group>
            {(reasonMissing || overrideMissing) && (
              <Text size="sm" id={reasonHint} data-testid="reason-first">
                {t(reasonMissing ? 'bookings.reasonFirst' : 'bookings.overrideFirst')}
              </Text>
            )}
          </Stack>
        )}
        {pane === 'payLink' && payLink.data?.quote.refusal && (
          <Stack gap="xs">
            <Alert color="orange" data-testid="pay-link-refusal">
              {localText(payLink.data.quote.refusal)}
            </Alert>
            <Button variant="default" onClick={() => setPane(null)}>
              {t('bookings.back')}
            </Button>
          </Stack>
        )}
        {pane === 'payLink' && payLink.data && !payLink.data.quote.refusal && (
          <SendPayLinkPane
            reservationId={r.id}
            guestName={r.guestName}
            quote={payLink.data.quote}
            phone={payLink.data.phone}
            email={payLink.data.email}
            onDone={() => setPane(null)}
            onBack={() => setPane(null)}
          />
        )}
        {pane === 'move' && resolveUnit && (
          <Stack gap="xs">
            <Group grow>
              <TextInput
                label={t('bookings.moveTo')}
                inputMode="numeric"
                value={moveNumber}
                onChange={(e) => setMoveNumber(e.currentTarget.value)}
              />
              <TextInput
                label={t('bookings.moveDay')}
                type="date"
                value={moveDay}
                onChange={(e) => setMoveDay(e.currentTarget.value)}
              />
            </Group>
            <Group gap="xs">
              <Button
                loading={move.isPending}
                onClick={() => {
                  setLocalError(null);
                  const to = moveNumber ? resolveUnit(Number(moveNumber)) : null;
                  if (moveNumber && !to) return setLocalError(t('bookings.unknownUnit', { number: moveNumber }));
                  move.mutate(
                    { id: r.id, ...(to ? { unitIds: [to] } : {}), ...(moveDay !== day ? { days: [moveDay] } : {}) },
                    {
                      onSuccess: (res) => {
                        const b = res.reservation;
                        toastSuccess(
                          t('bookings.movedToast', { name: r.guestName, units: unitLabels(b), day: dayRange(b) }),
                        );
                        done();
                      },
                    },
                  );
                }}
              >
                {t('bookings.confirmMove')}
              </Button>
              <Button variant="default" onClick={() => setPane(null)}>
                {t('bookings.back')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

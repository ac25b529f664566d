import { Alert, Badge, Button, Card, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import type { PayLink, PayLinkAmount, PayLinkChannel, PayLinkQuote, PayLinkState } from '@sandbar/contract/pay-links';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/notify';
import { useMoney, useVenueTime } from '../../../lib/venue-format';
import { useCancelPayLink, useDayPayLinks, useResendPayLink, useSendPayLink } from '../api/pay-links';

// Pay by link (issue 33 point 7) on the booking desk: what a link asks and how it goes out (the
// booking form and a booking's card), a link's state with resend and cancel, and the day's links.
// States change by themselves: the desk listens to the event stream (a payment, an expiry).

const stateColor: Record<PayLinkState, string> = {
  waiting: 'orange',
  paid: 'teal',
  expired: 'gray',
  cancelled: 'gray',
  late: 'red',
};

/** Minutes staff may give the guest: the venue's wait first, then the usual choices. */
export function minuteChoices(venueMinutes: number): number[] {
  return [...new Set([venueMinutes, 15, 30, 60, 120])].filter((m) => m >= 5 && m <= 120).sort((a, b) => a - b);
}

export interface PayLinkChoiceState {
  amount: PayLinkAmount;
  channel: PayLinkChannel;
  minutes: number;
}

/** The link's three choices: deposit or whole, text or e-mail, how long the guest has. */
export function PayLinkChoices({
  quote,
  value,
  onChange,
  phone,
  email,
}: {
  quote: PayLinkQuote;
  value: PayLinkChoiceState;
  onChange: (v: PayLinkChoiceState) => void;
  phone: string;
  email: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const missing = value.channel === 'sms' ? !phone.trim() : !email.trim();
  return (
    <Stack gap="xs" data-testid="pay-link-choices">
      <SegmentedControl
        aria-label={t('bookings.payLink.askFor')}
        value={value.amount}
        onChange={(v) => onChange({ ...value, amount: v as PayLinkAmount })}
        data={[
          ...(quote.deposit !== null
            ? [{ value: 'deposit', label: t('bookings.payLink.deposit', { amount: money(quote.deposit) }) }]
            : []),
          { value: 'full', label: t('bookings.payLink.full', { amount: money(quote.full) }) },
        ]}
        data-testid="pay-link-amount"
      />
      <Group grow align="end">
        <div>
          <Text size="sm" fw={500} mb={4} id="pay-link-send-by">
            {t('bookings.payLink.sendBy')}
          </Text>
          <SegmentedControl
            aria-labelledby="pay-link-send-by"
            fullWidth
            value={value.channel}
            onChange={(v) => onChange({ ...value, channel: v as PayLinkChannel })}
            data={[
              { value: 'sms', label: t('bookings.payLink.sms') },
              { value: 'email', label: t('bookings.payLink.email') },
            ]}
            data-testid="pay-link-channel"
          />
        </div>
        <Select
          label={t('bookings.payLink.minutes')}
          value={String(value.minutes)}
          allowDeselect={false}
          onChange={(v) => v && onChange({ ...value, minutes: Number(v) })}
          data={minuteChoices(quote.minutes).map((m) => ({
            value: String(m),
            label: t('bookings.payLink.minutesOption', { count: m }),
          }))}
        />
      </Group>
      {missing && (
        <Text size="sm" c="red.8" data-testid="pay-link-missing-contact">
          {value.channel === 'sms' ? t('bookings.payLink.noPhone') : t('bookings.payLink.noEmail')}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('bookings.payLink.hint', { minutes: value.minutes })}
      </Text>
    </Stack>
  );
}

/** The first choice for a booking: the venue's rule, text when there is a phone. */
export function firstChoice(quote: PayLinkQuote, phone: string): PayLinkChoiceState {
  return {
    amount: quote.deposit === null ? 'full' : quote.suggested,
    channel: phone.trim() ? 'sms' : 'email',
    minutes: quote.minutes,
  };
}

/** A link's state, amount, deadline and messages, with Send again and Cancel while it waits. */
export function PayLinkStatus({ link }: { link: PayLink }) {
  const { t } = useTranslation();
  const money = useMoney();
  const time = useVenueTime();
  const resend = useResendPayLink();
  const cancel = useCancelPayLink();
  const [asking, setAsking] = useState(false);
  const error = (resend.error ?? cancel.error) as Error | null;
  const waiting = link.state === 'waiting';
  return (
    <Stack gap={4} data-testid="pay-link-status" data-state={link.state} data-reservation={link.reservationId}>
      <Group gap="xs" wrap="wrap">
        <Badge
          color={stateColor[link.state]}
          variant="light"
          style={{ overflow: 'visible' }}
          data-testid="pay-link-state"
        >
          {t(`bookings.payLink.states.${link.state}`)}
        </Badge>
        <Text size="sm">
          {t('bookings.payLink.amountLine', {
            amount: money(link.amount),
            kind: t(`bookings.payLink.kinds.${link.amountKind}`),
          })}
        </Text>
      </Group>
      {waiting && <Text size="sm">{t('bookings.payLink.until', { time: time(link.expiresAt) })}</Text>}
      {link.sends.map((s, i) => (
        <Text size="xs" c="dimmed" key={i} style={{ overflowWrap: 'anywhere' }}>
          {t('bookings.payLink.sentLine', {
            channel: t(`bookings.payLink.channels.${s.channel}`),
            recipient: s.recipient,
            time: time(s.at),
          })}
          {s.by ? t('bookings.payLink.byWhom', { name: s.by }) : ''}
        </Text>
      ))}
      {error && <Alert color="red">{error.message}</Alert>}
      {waiting &&
        (asking ? (
          <Stack gap="xs">
            <Text size="sm">{t('bookings.payLink.cancelSure')}</Text>
            <Group gap="xs">
              <Button
                color="red"
                loading={cancel.isPending}
                onClick={() =>
                  cancel.mutate(
                    { id: link.reservationId },
                    {
                      onSuccess: () => {
                        toastSuccess(t('bookings.payLink.cancelledToast', { name: link.guestName }));
                        setAsking(false);
                      },
                    },
                  )
                }
                data-testid="pay-link-cancel-yes"
              >
                {t('bookings.payLink.cancelYes')}
              </Button>
              <Button variant="default" onClick={() => setAsking(false)}>
                {t('bookings.back')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group gap="xs">
            {(['sms', 'email'] as const)
              .filter((c) => (c === 'sms' ? link.phone : link.email))
              .map((c) => (
                <Button
                  key={c}
                  variant="default"
                  loading={resend.isPending && resend.variables?.channel === c}
                  onClick={() =>
                    resend.mutate(
                      { id: link.reservationId, channel: c },
                      { onSuccess: () => toastSuccess(t('bookings.payLink.resentToast', { name: link.guestName })) },
                    )
                  }
                  data-testid={`pay-link-resend-${c}`}
                >
                  {t('bookings.payLink.resendBy', { channel: t(`bookings.payLink.channels.${c}`) })}
                </Button>
              ))}
            <Button variant="subtle" color="red" onClick={() => setAsking(true)} data-testid="pay-link-cancel">
              {t('bookings.payLink.cancel')}
            </Button>
          </Group>
        ))}
    </Stack>
  );
}

/** A booked, unpaid booking's "send a link" pane (the card). */
export function SendPayLinkPane({
  reservationId,
  guestName,
  quote,
  phone,
  email,
  onDone,
  onBack,
}: {
  reservationId: number;
  guestName: string;
  quote: PayLinkQuote;
  phone: string;
  email: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const send = useSendPayLink();
  const [choice, setChoice] = useState<PayLinkChoiceState>(() => firstChoice(quote, phone));
  const missing = choice.channel === 'sms' ? !phone : !email;
  return (
    <Stack gap="xs" data-testid="send-pay-link">
      <PayLinkChoices quote={quote} value={choice} onChange={setChoice} phone={phone} email={email} />
      {send.error && <Alert color="red">{(send.error as Error).message}</Alert>}
      <Group gap="xs">
        <Button
          loading={send.isPending}
          disabled={missing}
          onClick={() =>
            send.mutate(
              {
                id: reservationId,
                ...choice,
                // The guest's language when the booking names none: the desk's, as the form does.
                languageCode: i18n.language.startsWith('es') ? 'es' : 'en',
              },
              {
                onSuccess: (r) => {
                  toastSuccess(t('bookings.payLink.sentToast', { amount: money(r.link.amount), name: guestName }));
                  onDone();
                },
              },
            )
          }
          data-testid="pay-link-send"
        >
          {t('bookings.payLink.send')}
        </Button>
        <Button variant="default" onClick={onBack}>
          {t('bookings.back')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The day's payment links on the booking desk: each turns paid or expired by itself. */
export function DayPayLinks({ day, locationId }: { day: string; locationId: number | null }) {
  const { t } = useTranslation();
  const links = useDayPayLinks(day, locationId).data?.links ?? [];
  // The newest link of each booking (an earlier cancelled one says nothing more).
  const shown = links.filter((l, i) => links.findIndex((x) => x.reservationId === l.reservationId) === i);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="day-pay-links">
      <Title order={3}>{t('bookings.payLink.panelTitle', { count: shown.length })}</Title>
      <Text size="sm" c="dimmed">
        {t('bookings.payLink.panelHint')}
      </Text>
      {shown.map((l) => (
        <Card withBorder padding="sm" key={l.id} data-testid="pay-link-row" data-reservation={l.reservationId}>
          <Stack gap={4}>
            <Text fw={600}>
              {l.guestName} · {l.units.join(', ')}
            </Text>
            <PayLinkStatus link={l} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

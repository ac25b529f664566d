import {
  Alert,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Text,
  Textarea,
} from '@mantine/core';
import type { SaveReservationBody } from '@sandbar/contract/reservations';
import { formatCents, formatMoney } from '@sandbar/contract/rules/money';
import { paymentMethods } from '@sandbar/contract/rules/pricing';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookingPriceList } from '../api/get-price-list';
import { CardPayment } from '../../../components/card-payment';
import { CountInput } from '../../../components/count-input';
import { localText, toastSuccess } from '../../../lib/notify';
import { useAddDeposit, useSaveReservation } from '../api/mutations';
import { ContactFields } from './contact-fields';
import { dayRange, unitLabels } from './unit-labels';
import { useQuotePayLink } from '../api/pay-links';
import { PayLinkChoices, type PayLinkChoiceState, firstChoice } from './pay-link-panel';
import { useMoney } from '../../../lib/venue-format';

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

type DepositMethod = 'none' | 'link' | (typeof paymentMethods)[number];

/**
 * A desk or phone booking in a few taps (issue 24 point 3): who, how many, when, and optionally a
 * deposit taken now with the venue's methods (it counts in today's drop-off).
 */
export function BookingForm({
  unitIds,
  unitTypes,
  day,
  onDone,
  onCancel,
}: {
  unitIds: number[];
  /** The chosen units' kinds: the extras offered are the add-ons of these kinds. */
  unitTypes: string[];
  day: string;
  onDone: (id: number) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveReservation();
  const catalogue = useBookingPriceList();
  // The price list's regular add-ons of the chosen kinds, as the guest page offers them (a
  // hotel's own add-ons are sold at the desk); the server checks them with the same rule.
  const offered = (catalogue.data?.items ?? []).filter(
    (i) => i.addOn === '1' && unitTypes.includes(i.unitType) && i.allHotels !== '1' && i.projectHotels.length === 0,
  );
  const [itemIds, setItemIds] = useState<string[]>([]);
  const [guestName, setGuestName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [partySize, setPartySize] = useState<number>(2);
  const [arrival, setArrival] = useState('');
  const [window, setWindow] = useState<'full' | 'morning' | 'afternoon'>('full');
  const [dayCount, setDayCount] = useState<number>(1);
  const [channel, setChannel] = useState<'staff' | 'phone'>('phone');
  const [notes, setNotes] = useState('');
  // A phone booking's guest has nothing in hand: the confirmation with its manage link, by default.
  const [sendConfirmation, setSendConfirmation] = useState(true);
  const [guestLanguage, setGuestLanguage] = useState<'en' | 'es'>(i18n.language.startsWith('es') ? 'es' : 'en');
  const [method, setMethod] = useState<DepositMethod>('none');
  const [amount, setAmount] = useState<string>('');
  const [reference, setReference] = useState('');
  // A card deposit goes through the reader once the booking holds its units (issue 24 point 3):
  // the booking is saved first, so a guest is never charged for units someone else just took.
  const [cardFor, setCardFor] = useState<number | null>(null);
  const [amountError, setAmountError] = useState('');
  const addDeposit = useAddDeposit();
  const byCard = method === 'Credit Card';
  // Pay by link (issue 33 point 7): instead of a deposit at the desk, the guest pays online.
  const byLink = method === 'link';
  const money = useMoney();
  const chosenItems = itemIds.map(Number).filter((id) => offered.some((i) => i.id === id));
  const quote = useQuotePayLink({ unitIds, days: Math.max(1, dayCount), window, itemIds: chosenItems }, byLink);
  const [linkChoice, setLinkChoice] = useState<PayLinkChoiceState | null>(null);
  const choice = linkChoice ?? (quote.data ? firstChoice(quote.data, phone) : null);
  const linkRefusal = byLink ? (quote.data?.refusal ?? null) : null;
  const cardCents = Math.round(Number(amount) * 100);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (byCard && !(cardCents > 0)) return setAmountError(t('bookings.cardDepositAmount'));
    setAmountError('');
    const body: SaveReservationBody = {
      unitIds,
      days: Array.from({ length: Math.max(1, dayCount) }, (_, i) => addDays(day, i)),
      window,
      guestName,
      phone,
      email,
      partySize,
      arrival,
      notes,
      channel,
      sendConfirmation: sendConfirmation && !byLink,
      languageCode: guestLanguage,
      itemIds: chosenItems,
      payLink: byLink && choice ? choice : null,
      deposit:
        method === 'none' || byCard || byLink
          ? null
          : {
              method,
              amount: amount || '0',
              ...(method === 'Voucher' ? { voucherNumber: reference } : {}),
            },
    };
    save.mutate(body, {
      onSuccess: (r) => {
        // Said at once (issue 32): the form closes and the grid shows the units reserved.
        const b = r.reservation;
        toastSuccess(t('bookings.savedToast', { name: b.guestName, units: unitLabels(b), day: dayRange(b) || day }));
        if (byLink && choice && quote.data)
          toastSuccess(
            t('bookings.payLink.sentToast', {
              amount: money(choice.amount === 'full' ? quote.data.full : (quote.data.deposit ?? quote.data.full)),
              name: b.guestName,
            }),
          );
        if (byCard) setCardFor(b.id);
        else onDone(b.id);
      },
    });
  };

  if (cardFor !== null) {
    return (
      <Stack gap="sm" data-testid="booking-card-deposit">
        <Text>{t('bookings.cardDepositNow', { amount: formatCents(cardCents, { locale: i18n.language }) })}</Text>
        {addDeposit.error && <Alert color="red">{(addDeposit.error as Error).message}</Alert>}
        <CardPayment
          amountCents={cardCents}
          ourTransactionId={`deposit-${cardFor}`}
          simulated={catalogue.data?.simulatedReader === '1'}
          note={guestName}
          onBeforeCharge={async () => undefined}
          onApproved={async (cardTransactionId) => {
            await addDeposit.mutateAsync({
              id: cardFor,
              deposit: { method: 'Credit Card', amount: (cardCents / 100).toFixed(2), cardTransactionId },
            });
            onDone(cardFor);
          }}
        />
        <Button variant="default" onClick={() => onDone(cardFor)} data-testid="booking-skip-deposit">
          {t('bookings.skipDeposit')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} data-testid="booking-form">
      <Stack gap="sm">
        {save.error && <Alert color="red">{(save.error as Error).message}</Alert>}
        <TextInput
          label={t('bookings.guestName')}
          value={guestName}
          onChange={(e) => setGuestName(e.currentTarget.value)}
          required
          maxLength={100}
        />
        <ContactFields phone={phone} email={email} onPhone={setPhone} onEmail={setEmail} />
        {/* Counts with named 48-px − and + (decision 266); the arrival on its own line. */}
        <SimpleGrid cols={2}>
          <CountInput label={t('bookings.partySize')} value={partySize} onChange={setPartySize} min={1} max={50} />
          <CountInput label={t('bookings.nights')} value={dayCount} onChange={setDayCount} min={1} max={14} />
        </SimpleGrid>
        <TextInput
          label={t('bookings.arrival')}
          type="time"
          value={arrival}
          onChange={(e) => setArrival(e.currentTarget.value)}
        />
        <SegmentedControl
          aria-label={t('bookings.window')}
          value={window}
          onChange={(v) => setWindow(v as typeof window)}
          data={(['full', 'morning', 'afternoon'] as const).map((w) => ({
            value: w,
            label: t(`bookings.windows.${w}`),
          }))}
        />
        <SegmentedControl
          aria-label={t('bookings.channel')}
          value={channel}
          onChange={(v) => setChannel(v as typeof channel)}
          data={(['phone', 'staff'] as const).map((c) => ({ value: c, label: t(`bookings.channels.${c}`) }))}
        />
        {offered.length > 0 && (
          <Checkbox.Group
            label={t('bookings.extrasPick')}
            description={t('bookings.extrasHint')}
            value={itemIds}
            onChange={setItemIds}
            data-testid="booking-extras"
          >
            <Group mt={4}>
              {offered.map((i) => (
                <Checkbox
                  key={i.id}
                  value={String(i.id)}
                  label={`${(i18n.language === 'es' && i.nameEs) || i.name} — ${formatMoney(i.price)}`}
                  styles={{ body: { minHeight: 48, alignItems: 'center' } }}
                />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        <Group grow align="end">
          <Select
            // With a link the guest pays later, online: no deposit is "paid by" anything here.
            label={byLink ? t('bookings.payLink.methodLabel') : t('bookings.depositMethod')}
            description={byLink ? t('bookings.payLink.methodHint') : undefined}
            value={method}
            onChange={(v) => setMethod((v as DepositMethod) ?? 'none')}
            allowDeselect={false}
            data={[
              { value: 'none', label: t('bookings.noDeposit') },
              { value: 'link', label: t('bookings.payLink.option') },
              ...paymentMethods
                .filter((m) => m !== 'Room Charge')
                .map((m) => ({ value: m, label: t(`paymentMethods.${m}`) })),
            ]}
          />
          {method !== 'none' && !byLink && (
            <TextInput
              label={t('bookings.depositAmount')}
              error={amountError || undefined}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
            />
          )}
          {method === 'Voucher' && (
            <TextInput
              label={t('bookings.voucherNumber')}
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
            />
          )}
        </Group>
        {byLink && linkRefusal && (
          <Alert color="orange" data-testid="pay-link-refusal">
            {localText(linkRefusal)}
          </Alert>
        )}
        {byLink && quote.data && !linkRefusal && choice && (
          <PayLinkChoices quote={quote.data} value={choice} onChange={setLinkChoice} phone={phone} email={email} />
        )}
        <Textarea
          label={t('bookings.notes')}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={1}
        />
        {/* The payment link's message carries the booking's page: no confirmation besides. */}
        {!byLink && (
          <Checkbox
            label={t('bookings.sendConfirmation')}
            checked={sendConfirmation}
            onChange={(e) => setSendConfirmation(e.currentTarget.checked)}
            styles={{ body: { minHeight: 48, alignItems: 'center' } }}
          />
        )}
        {(sendConfirmation || byLink) && (
          <SegmentedControl
            aria-label={t('bookings.guestLanguage')}
            value={guestLanguage}
            onChange={(v) => setGuestLanguage(v === 'es' ? 'es' : 'en')}
            data={[
              { value: 'en', label: t('bookings.languages.en') },
              { value: 'es', label: t('bookings.languages.es') },
            ]}
          />
        )}
        <Group>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={
              byLink && (!choice || linkRefusal !== null || !(choice.channel === 'sms' ? phone.trim() : email.trim()))
            }
            data-testid="booking-save"
          >
            {byLink ? t('bookings.payLink.bookAndSend') : t('bookings.save')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('bookings.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

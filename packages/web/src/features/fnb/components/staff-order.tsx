import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { FnbItem } from '@sandbar/contract/fnb';
import { type FnbPayment, fnbAllergenNames, fnbLimits, fnbName, fnbPrice } from '@sandbar/contract/fnb-texts';
import type { PaymentMethod } from '@sandbar/contract/rules/pricing';
import type { SaleCatalogue } from '@sandbar/contract/sales';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPayment } from '../../../components/card-payment';
import { ApiError, api } from '../../../lib/api';
import {
  type CartLine,
  addLine,
  cartCents,
  choicesComplete,
  lineCents,
  orderable,
  toLinesIn,
} from '../../../lib/fnb-cart';
import { newId } from '../../../lib/new-id';
import { toastSuccess } from '../../../lib/notify';
import { saveOrQueueFnbOrder } from '../../../lib/sale-queue';
import { useFnbMenu } from '../api/menu';
import { useFnbTexts } from '../use-fnb-texts';

type StaffPayment = Exclude<FnbPayment, 'online'>;
const paidMethods: PaymentMethod[] = ['Cash', 'Credit Card', 'Voucher'];

/** One item's choices, quantity and note, then Add (the guest page's item sheet, for staff). */
function ItemChoices({ item, onAdd }: { item: FnbItem; onAdd(line: Omit<CartLine, 'key'>): void }) {
  const { t, lang } = useFnbTexts();
  const [optionIds, setOptionIds] = useState<number[]>(() =>
    item.modifierGroups.filter((g) => g.minChoices >= 1 && g.maxChoices === 1).map((g) => g.options[0]!.id),
  );
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const pick = (groupOptions: number[], chosen: number[]) =>
    setOptionIds([...optionIds.filter((id) => !groupOptions.includes(id)), ...chosen]);
  return (
    <Paper withBorder p="sm" data-testid="staff-item-choices">
      <Stack gap="xs">
        <Text fw={700}>{fnbName(lang, item.name, item.nameEs)}</Text>
        {item.allergens.length > 0 && (
          <Text size="sm">
            {t.guest.allergens}: {fnbAllergenNames(t, item.allergens)}
          </Text>
        )}
        {item.modifierGroups.map((g) => {
          const ids = g.options.map((o) => o.id);
          const label = `${fnbName(lang, g.name, g.nameEs)} (${g.minChoices > 0 ? t.guest.required : t.guest.upTo(g.maxChoices)})`;
          const optionLabel = (o: (typeof g.options)[number]) =>
            `${fnbName(lang, o.name, o.nameEs)}${o.priceDeltaCents ? ` ${o.priceDeltaCents > 0 ? '+' : ''}${fnbPrice(o.priceDeltaCents)}` : ''}`;
          return g.maxChoices === 1 ? (
            <Radio.Group
              key={g.id}
              label={label}
              value={String(optionIds.find((id) => ids.includes(id)) ?? '')}
              onChange={(v) => pick(ids, v ? [Number(v)] : [])}
            >
              <Group gap="md" mt={4}>
                {g.options.map((o) => (
                  <Radio key={o.id} value={String(o.id)} label={optionLabel(o)} />
                ))}
              </Group>
            </Radio.Group>
          ) : (
            <Checkbox.Group
              key={g.id}
              label={label}
              value={optionIds.filter((id) => ids.includes(id)).map(String)}
              onChange={(v) => pick(ids, v.map(Number).slice(0, g.maxChoices))}
            >
              <Group gap="md" mt={4}>
                {g.options.map((o) => (
                  <Checkbox key={o.id} value={String(o.id)} label={optionLabel(o)} />
                ))}
              </Group>
            </Checkbox.Group>
          );
        })}
        <Group grow align="flex-end">
          <NumberInput
            label={t.guest.quantity}
            min={1}
            max={fnbLimits.maxQuantity}
            value={quantity}
            onChange={(v) => setQuantity(Math.max(1, Number(v) || 1))}
          />
          <TextInput
            label={t.guest.note}
            value={note}
            maxLength={fnbLimits.maxNote}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        </Group>
        <Button
          disabled={!choicesComplete(item, optionIds)}
          onClick={() => onAdd({ itemId: item.id, quantity, optionIds, note: note.trim() })}
        >
          {t.guest.add}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The unit modal's Order (issue 35 point 6): the same menu as the guest's page; to the unit's
 * tab, the room, or paid now with the existing methods (a card through the reader). Queued on the
 * tablet like a cash sale when the server cannot be reached (tab, cash, voucher).
 */
export function StaffOrder(props: { unitId: number; unitLabel: string; guestName: string; onDone(): void }) {
  const { t, lang } = useFnbTexts();
  const { t: tr } = useTranslation();
  const { data: menu } = useFnbMenu();
  const { data: catalogue } = useQuery({
    queryKey: ['saleCatalogue'],
    queryFn: () => api<SaleCatalogue>('/getSaleCatalogue'),
    staleTime: 30_000,
  });
  const [lines, setLines] = useState<CartLine[]>([]);
  const [picked, setPicked] = useState<FnbItem | null>(null);
  const [payment, setPayment] = useState<StaffPayment>('tab');
  const [method, setMethod] = useState<PaymentMethod>('Cash');
  const [voucher, setVoucher] = useState('');
  const [hotelId, setHotelId] = useState<number | null>(null);
  const [roomNumber, setRoomNumber] = useState('');
  const [lastName, setLastName] = useState('');
  const [charging, setCharging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clientOrderId = useRef(newId());
  if (!menu) return null;
  const total = cartCents(menu, lines);
  const categories = [...menu.categories].filter((c) => c.active).sort((a, b) => a.sortOrder - b.sortOrder);
  const hotels = (catalogue?.hotels ?? []).filter((h) => h.isOther !== '1');

  const send = async (cardTransactionId?: string) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await saveOrQueueFnbOrder(
        {
          clientOrderId: clientOrderId.current,
          unitId: props.unitId,
          lines: toLinesIn(lines),
          totalCents: total,
          payment,
          ...(payment === 'paid'
            ? {
                paymentMethod: method,
                voucherNumber: method === 'Voucher' ? voucher.trim() : '',
                cardTransactionId: cardTransactionId ?? null,
              }
            : {}),
          ...(payment === 'room' ? { hotelId, roomNumber: roomNumber.trim(), lastName: lastName.trim() } : {}),
          guestName: props.guestName,
        },
        `${props.unitLabel} ${fnbPrice(total)}`,
      );
      toastSuccess(answer ? t.staff.sent : t.staff.queuedOffline);
      props.onDone();
    } catch (err) {
      setError(err instanceof ApiError ? err.details : String(err));
    } finally {
      setBusy(false);
    }
  };

  const ready =
    lines.length > 0 &&
    (payment !== 'room' || (roomNumber.trim() !== '' && lastName.trim() !== '')) &&
    (payment !== 'paid' || method !== 'Voucher' || voucher.trim() !== '');

  return (
    <Stack gap="sm" data-testid="staff-order">
      {categories.map((c) => {
        const items = menu.items
          .filter((i) => i.categoryId === c.id && i.active)
          .sort((a, b) => a.sortOrder - b.sortOrder);
        if (!items.length) return null;
        return (
          <Stack key={c.id} gap={4}>
            <Text fw={700} size="sm">
              {fnbName(lang, c.name, c.nameEs)}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
              {items.map((i) => (
                <Button
                  key={i.id}
                  variant={picked?.id === i.id ? 'filled' : 'light'}
                  disabled={!orderable(menu, i)}
                  onClick={() => {
                    if (i.modifierGroups.length === 0)
                      setLines((ls) => addLine(ls, { itemId: i.id, quantity: 1, optionIds: [], note: '' }));
                    else setPicked(i);
                  }}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                  h="auto"
                  py={6}
                >
                  {fnbName(lang, i.name, i.nameEs)} · {i.soldOut ? t.guest.soldOut : fnbPrice(i.priceCents)}
                  {i.allergens.length > 0 && (
                    <Text component="span" display="block" size="xs" data-testid="staff-item-allergens">
                      {t.guest.allergens}: {fnbAllergenNames(t, i.allergens)}
                    </Text>
                  )}
                </Button>
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
      {picked && (
        <ItemChoices
          key={picked.id}
          item={picked}
          onAdd={(l) => {
            setLines((ls) => addLine(ls, l));
            setPicked(null);
          }}
        />
      )}
      <Paper withBorder p="sm">
        <Text fw={700}>{t.guest.cart}</Text>
        {lines.length === 0 && (
          <Text size="sm" c="dimmed">
            {t.guest.cartEmpty}
          </Text>
        )}
        {lines.map((l) => {
          const item = menu.items.find((i) => i.id === l.itemId)!;
          const opts = item.modifierGroups.flatMap((g) => g.options).filter((o) => l.optionIds.includes(o.id));
          return (
            <Group key={l.key} justify="space-between" wrap="nowrap" data-testid="staff-cart-line">
              <Text size="sm">
                {l.quantity} × {fnbName(lang, item.name, item.nameEs)}
                {opts.length > 0 && ` (${opts.map((o) => fnbName(lang, o.name, o.nameEs)).join(', ')})`}
                {l.note && ` “${l.note}”`}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">{fnbPrice(lineCents(menu, l))}</Text>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => setLines(lines.filter((x) => x !== l))}
                >
                  {t.guest.remove}
                </Button>
              </Group>
            </Group>
          );
        })}
        <Group justify="space-between" mt="xs">
          <Text fw={700}>{t.guest.subtotal}</Text>
          <Text fw={700} data-testid="staff-order-total">
            {fnbPrice(total)}
          </Text>
        </Group>
      </Paper>
      {/* Buttons that wrap rather than a segmented bar: "Paid now" stays readable on a phone. */}
      <Group gap="xs" role="group" aria-label={t.guest.howToPay}>
        {(
          [
            ['tab', t.staff.toTab],
            ['room', t.staff.toRoom],
            ['paid', t.staff.paidNow],
          ] as const
        ).map(([value, label]) => (
          <Button
            key={value}
            variant={payment === value ? 'filled' : 'light'}
            aria-pressed={payment === value}
            onClick={() => (setPayment(value), setCharging(false))}
          >
            {label}
          </Button>
        ))}
      </Group>
      {payment === 'room' && (
        <Group grow align="flex-end">
          {hotels.length > 1 && (
            <Select
              label={t.guest.payRoom}
              data={hotels.map((h) => ({ value: String(h.id), label: h.name }))}
              value={hotelId ? String(hotelId) : null}
              onChange={(v) => setHotelId(v ? Number(v) : null)}
            />
          )}
          <TextInput
            label={t.guest.roomNumber}
            value={roomNumber}
            onChange={(e) => setRoomNumber(e.currentTarget.value)}
          />
          <TextInput label={t.guest.surname} value={lastName} onChange={(e) => setLastName(e.currentTarget.value)} />
        </Group>
      )}
      {payment === 'paid' && (
        <Stack gap="xs">
          <Group gap="xs" role="group" aria-label={t.staff.paidNow}>
            {paidMethods.map((m) => (
              <Button
                key={m}
                variant={method === m ? 'filled' : 'light'}
                aria-pressed={method === m}
                onClick={() => (setMethod(m), setCharging(false))}
              >
                {tr(`paymentMethods.${m}`, { defaultValue: m })}
              </Button>
            ))}
          </Group>
          {method === 'Voucher' && (
            <TextInput
              label={tr('sale.steps.voucher')}
              value={voucher}
              onChange={(e) => setVoucher(e.currentTarget.value)}
            />
          )}
        </Stack>
      )}
      {error && <Alert color="red">{error}</Alert>}
      {payment === 'paid' && method === 'Credit Card' && charging ? (
        <CardPayment
          amountCents={total}
          ourTransactionId={clientOrderId.current}
          simulated={catalogue?.simulatedReader === '1'}
          note={props.unitLabel}
          onBeforeCharge={async () => undefined}
          onApproved={(id) => send(id)}
        />
      ) : (
        <Button
          size="md"
          disabled={!ready}
          loading={busy}
          onClick={() => (payment === 'paid' && method === 'Credit Card' ? setCharging(true) : void send())}
          data-testid="fnb-send"
        >
          {t.staff.send} — {fnbPrice(total)}
        </Button>
      )}
    </Stack>
  );
}

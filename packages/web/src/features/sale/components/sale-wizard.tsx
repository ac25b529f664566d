import {
  Alert,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Loader,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { centsToMoney, moneyToCents } from '@sandbar/contract/common';
import {
  type CatalogueItem,
  chargeCents,
  computeSaleTotals,
  defaultTip,
  guestSearchDelayMs,
  offeredItems,
  padRoom,
  paymentMethods,
  pricedAsHotelGuest,
} from '@sandbar/contract/rules/pricing';
import type { CatalogueItemOut, SaleCatalogue, SearchWyndhamResponse } from '@sandbar/contract/sales';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { useConnectivity } from '../../../lib/connectivity';
import { isQueueable } from '../../../lib/sale-queue';
import { toastSuccess } from '../../../lib/notify';
import { useCheckItemPrice } from '../api/check-item-price';
import { useCheckReceiptInfo } from '../api/check-receipt-info';
import { useSaleCatalogue } from '../api/get-sale-catalogue';
import { useHoldUnit } from '../api/hold-unit';
import { releaseUnits, useReleaseUnits } from '../api/release-units';
import { useSaveCustomer } from '../api/save-customer';
import { searchWyndham } from '../api/search-wyndham';
import { type CartShared, cartStore, useCart } from '../cart-store';
import { newId } from '../new-id';
import { CardPayment } from './card-payment';
import { SignaturePadField } from './signature-pad-field';

/** The unit the wizard sells (from the board's unit modal). */
export interface SaleUnit {
  id: number;
  unitType: string;
  unitNumber: number;
  location: string;
  /** Who holds the unit in an order, when it is held (status 1). */
  heldBy?: string | null;
}

type Step =
  'payment' | 'hotel' | 'guest' | 'equipment' | 'name' | 'review' | 'receipt' | 'tip' | 'signature' | 'complete';
const order: Step[] = ['payment', 'hotel', 'guest', 'equipment', 'name', 'review', 'receipt', 'tip', 'signature'];

interface WizardState {
  paymentMethod: string | null;
  hotelId: number | null;
  lastName: string;
  roomNumber: string;
  manualEntry: boolean;
  extraCharge: boolean;
  guestDone: boolean;
  selectedUnit: number | null;
  addons: number[];
  equipmentDone: boolean;
  customerName: string;
  nameDone: boolean;
  reviewDone: boolean;
  receiptType: 'phone' | 'email';
  receiptPhone: string;
  receiptEmail: string;
  receiptDone: boolean;
  tip: number | null;
  tipDone: boolean;
  signature: string | null;
}

const initial: WizardState = {
  paymentMethod: null,
  hotelId: null,
  lastName: '',
  roomNumber: '',
  manualEntry: false,
  extraCharge: false,
  guestDone: false,
  selectedUnit: null,
  addons: [],
  equipmentDone: false,
  customerName: '',
  nameDone: false,
  reviewDone: false,
  receiptType: 'phone',
  receiptPhone: '',
  receiptEmail: '',
  receiptDone: false,
  tip: null,
  tipDone: false,
  signature: null,
};

/** Fields each step owns: cancelling a step resets these and those of every later step. */
const owned: Record<Exclude<Step, 'complete'>, (keyof WizardState)[]> = {
  payment: ['paymentMethod'],
  hotel: ['hotelId'],
  guest: ['lastName', 'roomNumber', 'manualEntry', 'extraCharge', 'guestDone'],
  equipment: ['selectedUnit', 'addons', 'equipmentDone'],
  name: ['customerName', 'nameDone'],
  review: ['reviewDone'],
  receipt: ['receiptType', 'receiptPhone', 'receiptEmail', 'receiptDone'],
  tip: ['tip', 'tipDone'],
  signature: ['signature'],
};

function toItem(i: CatalogueItemOut): CatalogueItem {
  return {
    id: i.id,
    name: i.name,
    priceCents: moneyToCents(i.price),
    retailRateCents: moneyToCents(i.retailRate),
    hotelRateCents: moneyToCents(i.hotelRate),
    addOn: i.addOn === '1',
    sort: i.sort,
    startTime: i.startTime,
    endTime: i.endTime,
    unitType: i.unitType,
    allHotels: i.allHotels === '1',
    hotelIds: i.projectHotels,
  };
}

const money = (cents: number) => `$${centsToMoney(cents)}`;

/** The New Customer tab: spec section 4's sale wizard, one step at a time. */
export function SaleWizard({ unit, day, onDone }: { unit: SaleUnit; day?: string; onDone: () => void }) {
  const { t } = useTranslation();
  const catalogue = useSaleCatalogue();
  if (catalogue.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (!catalogue.data) return null;
  // Sales are always for today (the server records them on today's business day).
  if (day && day !== catalogue.data.day) return <Text c="dimmed">{t('sale.todayOnly')}</Text>;
  return <Wizard unit={unit} catalogue={catalogue.data} onDone={onDone} />;
}

function Wizard({ unit, catalogue, onDone }: { unit: SaleUnit; catalogue: SaleCatalogue; onDone: () => void }) {
  const { t } = useTranslation();
  const cart = useCart();
  const inCart = cart?.units.some((u) => u.unitId === unit.id) ?? false;
  // A unit opened while an order is in progress joins it: payment, hotel, room and name are shared.
  const shared: CartShared | null = cart && !inCart ? cart.shared : null;
  const [s, setS] = useState<WizardState>(() =>
    shared
      ? {
          ...initial,
          paymentMethod: shared.paymentMethod,
          hotelId: shared.hotelId,
          lastName: shared.lastName,
          roomNumber: shared.roomNumber,
          manualEntry: shared.manualEntry,
          extraCharge: shared.extraCharge,
          guestDone: true,
          customerName: shared.customerName,
          nameDone: true,
        }
      : initial,
  );
  const update = (patch: Partial<WizardState>) => setS((prev) => ({ ...prev, ...patch }));
  const offline = !useConnectivity().online;
  const ourTransactionId = useRef(newId()).current;
  // A card is charged only once the order's units are ours: claimed (held) under this id, or the
  // cart's, just before the reader starts. Released again if the wizard closes without a sale.
  const claimId = useRef(newId()).current;
  const claim = useRef<'none' | 'held' | 'sold'>('none');
  const items = useMemo(() => catalogue.items.map(toItem), [catalogue.items]);
  const hotels = catalogue.hotels;
  const hotel = hotels.find((h) => h.id === s.hotelId) ?? null;
  const isRoomCharge = s.paymentMethod === 'Room Charge';
  const otherUnits = cart && !inCart ? cart.units : [];
  const multi = otherUnits.length > 0;

  const hotelGuestOf =
    hotel &&
    pricedAsHotelGuest({
      paymentMethod: s.paymentMethod ?? '',
      hotel: { id: hotel.id, vacationOwnerRule: hotel.vacationOwnerRule === '1', isOther: hotel.isOther === '1' },
      roomNumber: padRoom(s.roomNumber),
    })
      ? hotel.id
      : null;
  const offer = offeredItems(items, { unitType: unit.unitType, hour: catalogue.hour, hotelGuestOf });
  const chosenUnit = items.find((i) => i.id === s.selectedUnit);
  const chosenAddons = s.addons.map((id) => items.find((i) => i.id === id)).filter((i): i is CatalogueItem => !!i);
  const thisLine = chosenUnit
    ? computeSaleTotals([{ positionId: unit.id, unit: chosenUnit, addons: chosenAddons }], {
        hotelGuestOf,
        extraCharge: s.extraCharge,
        tipCents: 0,
      }).subtotalCents
    : 0;
  const subtotalCents = thisLine + otherUnits.reduce((sum, u) => sum + u.lineCents, 0);
  const tipCents = Math.round((s.tip ?? 0) * 100);
  const retail = useCheckItemPrice({
    itemType: [
      ...otherUnits.flatMap((u) => [u.selectedUnit, ...u.selectedAddons]),
      ...(s.selectedUnit ? [s.selectedUnit, ...s.addons] : []),
    ],
    extraCharge: s.extraCharge,
    roomChargeHotel: s.hotelId,
  });

  // Which step is open: the first one not yet done.
  const step: Step = (() => {
    if (!s.paymentMethod) return 'payment';
    if (isRoomCharge && !s.hotelId) return 'hotel';
    if (isRoomCharge && !s.guestDone) return hotel?.isOther === '1' ? 'hotel' : 'guest';
    if (!s.equipmentDone) return 'equipment';
    if (!isRoomCharge && !multi && !s.nameDone) return 'name';
    if ((isRoomCharge || multi) && !s.reviewDone) return 'review';
    if (!s.receiptDone) return 'receipt';
    if (!s.tipDone) return 'tip';
    if (!s.signature) return 'signature';
    return 'complete';
  })();

  const cancelFrom = (from: Exclude<Step, 'complete'>) => {
    const fields = order.slice(order.indexOf(from)).flatMap((st) => owned[st as Exclude<Step, 'complete'>]);
    setS((prev) => ({ ...prev, ...Object.fromEntries(fields.map((f) => [f, initial[f]])) }));
  };

  const hold = useHoldUnit();
  const release = useReleaseUnits();
  const save = useSaveCustomer();

  const addMoreUnits = async () => {
    if (!chosenUnit) return;
    const cartId = cart?.cartId ?? newId();
    const res = await hold.mutateAsync({ unitId: unit.id, cartId });
    cartStore.add(
      cartId,
      shared ?? {
        paymentMethod: s.paymentMethod!,
        hotelId: s.hotelId,
        roomNumber: padRoom(s.roomNumber),
        lastName: s.lastName,
        manualEntry: s.manualEntry,
        extraCharge: s.extraCharge,
        customerName: s.customerName,
      },
      {
        unitId: unit.id,
        unitType: unit.unitType,
        unitNumber: res.unit.unitNumber,
        unitLocation: res.unit.unitLocation,
        selectedUnit: chosenUnit.id,
        selectedAddons: s.addons,
        lineCents: thisLine,
        label: `${res.unit.unitLocation} ${res.unit.unitNumber}`,
      },
    );
    toastSuccess(t('sale.heldAdded', { unit: `${res.unit.unitLocation} ${res.unit.unitNumber}` }));
    onDone();
  };

  const claimUnits = async () => {
    const cartId = cart && !inCart ? cart.cartId : claimId;
    for (const id of [...otherUnits.map((u) => u.unitId), unit.id]) await hold.mutateAsync({ unitId: id, cartId });
    if (cartId === claimId) claim.current = 'held';
  };
  useEffect(
    () => () => {
      if (claim.current === 'held') void releaseUnits({ cartId: claimId }).catch(() => undefined);
    },
    [claimId],
  );

  const removeFromCart = async (unitId: number) => {
    if (!cart) return;
    await release.mutateAsync({ cartId: cart.cartId, unitIds: [unitId] });
    cartStore.remove(unitId);
  };

  const complete = async (cardTransactionId?: string) => {
    const lines = [
      ...otherUnits.map((u) => ({
        unitId: u.unitId,
        selectedUnit: u.selectedUnit,
        selectedAddons: u.selectedAddons.join(','),
      })),
      { unitId: unit.id, selectedUnit: s.selectedUnit!, selectedAddons: s.addons.join(',') },
    ];
    await save.mutateAsync({
      customerData: {
        ourTransactionId,
        unitId: unit.id,
        unitType: unit.unitType,
        paymentMethod: s.paymentMethod as (typeof paymentMethods)[number],
        roomChargeHotel: s.hotelId ?? '',
        lastName: s.lastName,
        roomNumber: isRoomCharge ? padRoom(s.roomNumber) : '',
        customerName: s.customerName,
        manualEntry: s.manualEntry ? '1' : '0',
        selectedUnit: s.selectedUnit!,
        selectedAddons: s.addons.join(','),
        addonTotal: centsToMoney(
          chosenAddons.reduce((sum, a) => sum + chargeCents(a, { hotelGuestOf, extraCharge: s.extraCharge }), 0),
        ),
        orderTotal: centsToMoney(subtotalCents),
        tipAmount: centsToMoney(tipCents),
        wyndhamExtraCharge: s.extraCharge ? '1' : '0',
        signature: s.signature,
        transactionID: cardTransactionId ?? null,
        cartId: cart?.cartId ?? (claim.current === 'held' ? claimId : null),
        cartUnits: multi ? lines : [],
        hasCartUnits: multi ? '1' : '0',
        multi: multi ? '1' : '0',
        receiptType: s.receiptType,
        customerPhone: s.receiptType === 'phone' ? s.receiptPhone : '',
        customerEmail: s.receiptType === 'email' ? s.receiptEmail : '',
      },
    });
    claim.current = 'sold';
    cartStore.clear();
    toastSuccess(t('sale.saved'));
    onDone();
  };

  if (inCart && cart) {
    // Already in the order in progress: it is sold with the order, or taken out of it here.
    const line = cart.units.find((u) => u.unitId === unit.id)!;
    return (
      <Stack gap="sm" data-testid="sale-wizard">
        <Alert color="cyan" variant="light">
          {t('sale.alreadyInOrder', { unit: line.label, units: cart.units.map((u) => u.label).join(', ') })}
        </Alert>
        <Group>
          <Button
            color="red"
            variant="light"
            onClick={() => void removeFromCart(unit.id).then(onDone)}
            loading={release.isPending}
          >
            {t('sale.removeUnit', { unit: line.label })}
          </Button>
        </Group>
      </Stack>
    );
  }

  const chosen: { step: Exclude<Step, 'complete'>; text: string }[] = [];
  if (s.paymentMethod && !shared) chosen.push({ step: 'payment', text: s.paymentMethod });
  if (hotel && !shared) chosen.push({ step: 'hotel', text: hotel.name });
  if (isRoomCharge && s.guestDone && !shared)
    chosen.push({ step: 'guest', text: `${s.lastName}, ${padRoom(s.roomNumber)}` });
  if (s.equipmentDone && chosenUnit) {
    chosen.push({ step: 'equipment', text: [chosenUnit, ...chosenAddons].map((i) => i.name).join(' + ') });
  }
  if (s.nameDone && !shared && !isRoomCharge) chosen.push({ step: 'name', text: s.customerName });
  if (s.receiptDone)
    chosen.push({ step: 'receipt', text: s.receiptType === 'phone' ? s.receiptPhone : s.receiptEmail });
  if (s.tipDone) chosen.push({ step: 'tip', text: s.tip ? `$${s.tip}` : t('sale.noTip') });
  if (s.signature) chosen.push({ step: 'signature', text: '✓' });

  return (
    <Stack gap="sm" data-testid="sale-wizard">
      {unit.heldBy && !inCart && (
        <Alert color="yellow" variant="light" data-testid="held-elsewhere">
          {t('sale.heldElsewhere', { name: unit.heldBy })}
        </Alert>
      )}
      {shared && (
        <Alert color="cyan" variant="light">
          {t('sale.addingToOrder', { count: otherUnits.length, units: otherUnits.map((u) => u.label).join(', ') })}
        </Alert>
      )}
      {chosen.length > 0 && (
        <Stack gap={4}>
          {chosen.map((c) => (
            <Group key={c.step} justify="space-between" wrap="nowrap">
              <Text size="sm">
                <Text span c="dimmed">
                  {t(`sale.chosen.${c.step}`)}:
                </Text>{' '}
                {c.text}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => cancelFrom(c.step)}
                aria-label={t('sale.cancelChoice', { what: t(`sale.chosen.${c.step}`) })}
              >
                {t('sale.cancel')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}

      <Text fw={700}>{t(`sale.steps.${step}`)}</Text>

      {step === 'payment' && (
        <Group>
          {paymentMethods.map((m) => (
            <Button
              key={m}
              variant="light"
              onClick={() => update({ paymentMethod: m, tip: defaultTip(m) })}
              disabled={offline && !isQueueable(m)}
            >
              {m}
            </Button>
          ))}
        </Group>
      )}
      {/* Offline (issue 13): cash and voucher are kept on the tablet; card and room charge wait. */}
      {step === 'payment' && offline && (
        <Alert color="orange" variant="light" data-testid="online-only">
          {t('offline.onlineOnly')}
        </Alert>
      )}

      {step === 'hotel' && !s.hotelId && (
        <Group>
          {hotels.map((h) => (
            <Button key={h.id} variant="light" onClick={() => update({ hotelId: h.id })}>
              {h.name}
            </Button>
          ))}
        </Group>
      )}

      {step === 'hotel' && s.hotelId && (
        // Hotel Other: no guest list; last name and room are entered here.
        <Stack gap="xs">
          <TextInput
            label={t('sale.lastName')}
            value={s.lastName}
            onChange={(e) => update({ lastName: e.currentTarget.value })}
          />
          <TextInput
            label={t('sale.roomNumber')}
            value={s.roomNumber}
            onChange={(e) => update({ roomNumber: e.currentTarget.value })}
          />
          {s.lastName.trim() && s.roomNumber.trim() && (
            <Button onClick={() => update({ guestDone: true, manualEntry: true })}>{t('sale.continue')}</Button>
          )}
        </Stack>
      )}

      {step === 'guest' && <GuestStep s={s} update={update} hotelId={s.hotelId!} />}

      {step === 'equipment' && (
        <Stack gap="xs">
          {offer.equipment.length === 0 && <Text c="dimmed">{t('sale.nothingOffered')}</Text>}
          <Radio.Group
            value={s.selectedUnit ? String(s.selectedUnit) : null}
            onChange={(v) => update({ selectedUnit: Number(v) })}
          >
            <Stack gap={6}>
              {offer.equipment.map((i) => (
                <Radio
                  key={i.id}
                  value={String(i.id)}
                  label={`${i.name} — ${money(chargeCents(i, { hotelGuestOf, extraCharge: s.extraCharge }))}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          {offer.addons.length > 0 && (
            <Checkbox.Group
              label={t('sale.addons')}
              value={s.addons.map(String)}
              onChange={(v) => update({ addons: v.map(Number) })}
            >
              <Stack gap={6} mt={4}>
                {offer.addons.map((i) => (
                  <Checkbox
                    key={i.id}
                    value={String(i.id)}
                    label={`${i.name} — ${money(chargeCents(i, { hotelGuestOf, extraCharge: s.extraCharge }))}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          {s.selectedUnit && <Button onClick={() => update({ equipmentDone: true })}>{t('sale.continue')}</Button>}
        </Stack>
      )}

      {step === 'name' && (
        <Stack gap="xs">
          <TextInput
            label={t('sale.customerName')}
            value={s.customerName}
            onChange={(e) => update({ customerName: e.currentTarget.value })}
            data-autofocus
          />
          {s.customerName.trim() && (
            <Group>
              <Button onClick={() => update({ nameDone: true })}>{t('sale.continue')}</Button>
              <Button variant="light" onClick={() => void addMoreUnits()} loading={hold.isPending}>
                {t('messages.sale.addMoreUnits')}
              </Button>
            </Group>
          )}
        </Stack>
      )}

      {step === 'review' && (
        <Stack gap="xs">
          <Table>
            <Table.Tbody>
              {otherUnits.map((u) => (
                <Table.Tr key={u.unitId}>
                  <Table.Td>{u.label}</Table.Td>
                  <Table.Td>{money(u.lineCents)}</Table.Td>
                  <Table.Td>
                    <CloseButton
                      aria-label={t('sale.removeUnit', { unit: u.label })}
                      onClick={() => void removeFromCart(u.unitId)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td>
                  {unit.location} {unit.unitNumber} <Badge size="xs">{t('sale.thisUnit')}</Badge>
                </Table.Td>
                <Table.Td>{money(thisLine)}</Table.Td>
                <Table.Td />
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text>
            {t('sale.subtotal')}: {money(subtotalCents)}
          </Text>
          <Group>
            <Button onClick={() => update({ reviewDone: true })}>{t('sale.continue')}</Button>
            <Button variant="light" onClick={() => void addMoreUnits()} loading={hold.isPending}>
              {t('messages.sale.addMoreUnits')}
            </Button>
          </Group>
        </Stack>
      )}

      {step === 'receipt' && <ReceiptStep s={s} update={update} />}

      {step === 'tip' && (
        <Stack gap="xs">
          <SegmentedControl
            value={String(s.tip ?? defaultTip(s.paymentMethod ?? ''))}
            onChange={(v) => update({ tip: Number(v) })}
            data={catalogue.tipPresets.map((p) => ({ value: String(p), label: p ? `$${p}` : t('sale.noTip') }))}
          />
          <Button onClick={() => update({ tip: s.tip ?? defaultTip(s.paymentMethod ?? ''), tipDone: true })}>
            {t('sale.continue')}
          </Button>
        </Stack>
      )}

      {step === 'signature' && <SignaturePadField onDone={(png) => update({ signature: png })} />}

      {step === 'complete' && (
        <Paper withBorder p="sm">
          <Stack gap={4}>
            {retail.data && Number(retail.data.prices.retailRate) > 0 && (
              <Text size="sm">
                {t('sale.retailValue')}: ${retail.data.prices.retailRate}
              </Text>
            )}
            <Text size="sm">
              {t('sale.subtotal')}: {money(subtotalCents)}
            </Text>
            <Text size="sm">
              {t('sale.tip')}: {money(tipCents)}
            </Text>
            <Text fw={700} data-testid="sale-total">
              {t('sale.total')}: {money(subtotalCents + tipCents)}
            </Text>
            {save.error && (
              <Alert color="red">{save.error instanceof ApiError ? save.error.details : String(save.error)}</Alert>
            )}
            {s.paymentMethod === 'Credit Card' ? (
              <CardPayment
                amountCents={subtotalCents + tipCents}
                ourTransactionId={ourTransactionId}
                simulated={catalogue.simulatedReader === '1'}
                note={`${unit.location} ${unit.unitNumber}`}
                onBeforeCharge={claimUnits}
                onApproved={(id) => complete(id)}
              />
            ) : (
              <Button mt="xs" onClick={() => void complete().catch(() => undefined)} loading={save.isPending}>
                {t('sale.completeSale')}
              </Button>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function GuestStep({
  s,
  update,
  hotelId,
}: {
  s: WizardState;
  update: (p: Partial<WizardState>) => void;
  hotelId: number;
}) {
  const { t } = useTranslation();
  const [result, setResult] = useState<SearchWyndhamResponse | null>(null);
  const [searching, setSearching] = useState(false);
  // Typing restarts a 1000 ms timer, then the guest list is searched (spec section 4).
  useEffect(() => {
    if (!s.lastName.trim() && !s.roomNumber.trim()) {
      setResult(null);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      setSearching(true);
      searchWyndham(
        {
          customerData: {
            hotelLastName: s.lastName.trim(),
            hotelRoomNumber: s.roomNumber.trim(),
            roomChargeHotel: hotelId,
          },
        },
        ctrl.signal,
      )
        .then(setResult)
        .catch(() => undefined)
        .finally(() => setSearching(false));
    }, guestSearchDelayMs);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [s.lastName, s.roomNumber, hotelId]);

  const ready = !!s.lastName.trim() && !!s.roomNumber.trim() && (s.manualEntry || !!result?.exactMatch);
  return (
    <Stack gap="xs">
      <TextInput
        label={t('sale.lastName')}
        value={s.lastName}
        onChange={(e) => update({ lastName: e.currentTarget.value })}
      />
      <TextInput
        label={t('sale.roomNumber')}
        value={s.roomNumber}
        onChange={(e) => update({ roomNumber: e.currentTarget.value })}
      />
      {searching && <Text size="sm">{t('sale.searching')}</Text>}
      {result && result.guests.length === 0 && <Text size="sm">{t('sale.noGuests')}</Text>}
      {result?.exactMatch && (
        <Text size="sm" c="teal">
          {t('sale.guestMatch')}
        </Text>
      )}
      {result && result.guests.length > 0 && (
        <Table data-testid="guest-results">
          <Table.Tbody>
            {result.guests.map((g) => (
              <Table.Tr key={`${g.Room}-${g.Guest_Name}`}>
                <Table.Td>{g.Room}</Table.Td>
                <Table.Td>
                  {g.Guest_Name}
                  {g.Accompanying_Guest_Name ? ` / ${g.Accompanying_Guest_Name}` : ''}
                  {g.Additional === '1' ? ` (${t('sale.additionalGuest')})` : ''}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() =>
                      update({
                        lastName: g.Guest_Name.split(',')[0]!.trim(),
                        // A masked room stays as typed: the guest must say it.
                        ...(g.Room.includes('*') ? {} : { roomNumber: g.Room }),
                        extraCharge: g.Additional === '1',
                      })
                    }
                  >
                    {t('sale.pickGuest')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Checkbox
        label={t('sale.manualEntry')}
        checked={s.manualEntry}
        onChange={(e) => update({ manualEntry: e.currentTarget.checked })}
      />
      {ready && <Button onClick={() => update({ guestDone: true })}>{t('sale.continue')}</Button>}
    </Stack>
  );
}

function ReceiptStep({ s, update }: { s: WizardState; update: (p: Partial<WizardState>) => void }) {
  const { t } = useTranslation();
  const check = useCheckReceiptInfo();
  const [message, setMessage] = useState<string | null>(null);
  const value = s.receiptType === 'phone' ? s.receiptPhone : s.receiptEmail;
  const submit = async () => {
    setMessage(null);
    try {
      const res = await check.mutateAsync({
        receiptType: s.receiptType,
        receiptPhone: s.receiptPhone,
        receiptEmail: s.receiptEmail,
      });
      // On status true the sale proceeds automatically (spec section 4).
      if (res.status) update({ receiptDone: true });
      else setMessage(res.message);
    } catch (err) {
      setMessage(err instanceof ApiError ? err.details : String(err));
    }
  };
  return (
    <Stack gap="xs">
      <SegmentedControl
        value={s.receiptType}
        onChange={(v) => {
          setMessage(null);
          update({ receiptType: v as 'phone' | 'email' });
        }}
        data={[
          { value: 'phone', label: t('sale.phone') },
          { value: 'email', label: t('sale.email') },
        ]}
      />
      {s.receiptType === 'phone' ? (
        <TextInput
          type="tel"
          inputMode="numeric"
          label={t('sale.receiptPhone')}
          value={s.receiptPhone}
          onChange={(e) => update({ receiptPhone: e.currentTarget.value })}
        />
      ) : (
        <TextInput
          type="text"
          label={t('sale.receiptEmail')}
          value={s.receiptEmail}
          onChange={(e) => update({ receiptEmail: e.currentTarget.value })}
        />
      )}
      {message && (
        <Alert color="red" data-testid="receipt-alert">
          {message}
        </Alert>
      )}
      {value.trim() && (
        <Button onClick={() => void submit()} loading={check.isPending}>
          {t('sale.continue')}
        </Button>
      )}
    </Stack>
  );
}

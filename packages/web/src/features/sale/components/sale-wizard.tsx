import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { type PaymentMethod, itemName, padRoom } from '@sandbar/contract/rules/pricing';
import type { SaleCatalogue, SaveCustomerResponse } from '@sandbar/contract/sales';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/notify';
import { useCents } from '../../../lib/venue-format';
import { useCheckItemPrice } from '../api/check-item-price';
import { useSaleCatalogue } from '../api/get-sale-catalogue';
import { useHoldUnit } from '../api/hold-unit';
import { releaseUnits, useReleaseUnits } from '../api/release-units';
import { type Cart, cartStore, useCart } from '../cart-store';
import { tabHolds } from '../hold-release';
import { newId } from '../../../lib/new-id';
import { buildCustomerData, useCompleteSale } from '../wizard/complete-sale';
import { draftStore, useSaleDraft } from '../wizard/draft-store';
import {
  type CheckInRef,
  type SaleMode,
  type StepId,
  carryOver,
  currentStep,
  doneSteps,
  initialSale,
  isStarted,
} from '../wizard/machine';
import { carryStore } from '../carry-store';
import { ApiError } from '../../../lib/api';
import { type OrderLine, quoteSale, toItem } from '../wizard/quote';
import { SignaturePadField } from './signature-pad-field';
import { CompleteStep } from './steps/complete-step';
import { EquipmentStep, NothingOnSale } from './steps/equipment-step';
import { GuestStep } from './steps/guest-step';
import { HotelStep } from './steps/hotel-step';
import { NameStep } from './steps/name-step';
import { OtherGuestStep } from './steps/other-guest-step';
import { PaymentStep } from './steps/payment-step';
import { ReceiptStep } from './steps/receipt-step';
import { ReviewStep } from './steps/review-step';
import { TipStep } from './steps/tip-step';
import { VoucherStep } from './steps/voucher-step';

/** The unit the wizard sells (from the board's unit modal). */
export interface SaleUnit {
  id: number;
  unitType: string;
  unitNumber: number;
  location: string;
  /** Who holds the unit in an order, when it is held (status 1). */
  heldBy?: string | null;
  /**
   * The unit's booking of today that may be checked in, as the board shows it now (issue 24): a
   * check-in started from it reads its deposit and extras here. It never turns a walk-in into a
   * check-in (issue 32): only `checkIn` (the booking's Check in) starts one.
   */
  reservation?: {
    id: number;
    guestName: string;
    phone: string;
    depositCents: number;
    /** Extras (price ids) the guest booked and no sale has sold yet: chosen for them at Select Equipment. */
    items?: number[];
    /** A hotel-rate booking's guest (checked against the roster when booked): typed in at the guest step. */
    hotelId?: number | null;
    roomNumber?: string;
    lastName?: string;
  } | null;
  /** Whom a booking holds the unit for today (any booking), as the board shows it now: a walk-in cannot be sold it. */
  bookedFor?: string | null;
}

/** What the unit modal asks before it closes on a sale in progress (backdrop, Escape, ×). */
export interface LeaveGuard {
  message: string;
  stay: string;
  leave: string;
  discard: string;
  onDiscard: () => void;
  /**
   * The sale was sent from this modal (in flight, or its answer lost). The live board may then show
   * the unit paid by this very sale: the wizard stays, to end in its own outcome (issue 23).
   */
  sending?: boolean;
}

interface Props {
  unit: SaleUnit;
  day?: string;
  /** Start this sale as the check-in of this booking (its Check in was tapped); a kept check-in resumes by it too. */
  checkIn?: CheckInRef | null;
  onDone: () => void;
  /** Refetches the unit (after a refusal, so the wizard sees why). */
  onRefresh?: () => void;
  /** Set while a sale is started, so the modal asks before closing; null when nothing would be lost. */
  guardLeave?: (guard: LeaveGuard | null) => void;
}

/** The New Customer tab: spec section 4's sale wizard, one step at a time. */
export function SaleWizard({ unit, day, checkIn = null, onDone, onRefresh, guardLeave }: Props) {
  const { t } = useTranslation();
  const catalogue = useSaleCatalogue();
  const cart = useCart();
  // Discarding a sale starts a new one: a new generation remounts the machine.
  const [generation, setGeneration] = useState(0);
  if (catalogue.isPending) return <Loader size="sm" aria-label={t('ui.loading')} />;
  // Never a blank tab: a tablet offline that never kept the price list says so (issue 23).
  if (!catalogue.data)
    return (
      <Text c="dimmed" data-testid="sale-no-catalogue">
        {t('sale.noCatalogue')}
      </Text>
    );
  // Sales are always for today (the server records them on today's business day).
  if (day && day !== catalogue.data.day) return <Text c="dimmed">{t('sale.todayOnly')}</Text>;
  // A check-in is a sale of its own (one unit, the booking's guest), kept by the booking's id.
  const inCart = !checkIn && (cart?.units.some((u) => u.unitId === unit.id) ?? false);
  const mode: SaleMode = checkIn || !cart ? 'single' : inCart ? 'checkout' : 'joining';
  const key = checkIn
    ? checkInDraftKey(checkIn.reservationId)
    : mode === 'checkout'
      ? `cart:${cart!.cartId}`
      : mode === 'joining'
        ? `unit:${unit.id}@${cart!.cartId}`
        : `unit:${unit.id}`;
  return (
    <Wizard
      key={`${key}#${generation}`}
      draftKey={key}
      mode={mode}
      cart={checkIn ? null : cart}
      unit={unit}
      checkIn={checkIn}
      catalogue={catalogue.data}
      onDone={onDone}
      onRefresh={onRefresh}
      guardLeave={guardLeave}
      onDiscarded={() => setGeneration((g) => g + 1)}
    />
  );
}

/** Where a check-in in progress is kept: by its booking, apart from any walk-in sale of the unit. */
export const checkInDraftKey = (reservationId: number) => `checkin:${reservationId}`;

function Wizard({
  draftKey,
  mode,
  cart,
  unit,
  checkIn,
  catalogue,
  onDone,
  onRefresh,
  guardLeave,
  onDiscarded,
}: {
  draftKey: string;
  mode: SaleMode;
  cart: Cart | null;
  unit: SaleUnit;
  checkIn: CheckInRef | null;
  catalogue: SaleCatalogue;
  onDone: () => void;
  onRefresh?: () => void;
  guardLeave?: (guard: LeaveGuard | null) => void;
  onDiscarded: () => void;
}) {
  const { t, i18n } = useTranslation();
  const unitLabel = `${unit.location} ${unit.unitNumber}`;
  const orderLines: OrderLine[] = useMemo(
    () =>
      (cart?.units ?? []).map((u) => ({
        unitId: u.unitId,
        label: u.label,
        selectedUnit: u.selectedUnit,
        selectedAddons: u.selectedAddons,
        lineCents: u.lineCents,
      })),
    [cart],
  );
  const orderKey = orderLines.map((l) => l.unitId).join(',');
  const [state, dispatch, discardDraft] = useSaleDraft(draftKey, () => {
    // A walk-in refused on another unit (booked meanwhile) continues here with its choices.
    const carried = mode === 'single' && !checkIn ? carryStore.get() : null;
    if (carried) {
      return carryOver(carried.state, {
        ourTransactionId: newId(),
        sameUnitType: carried.fromUnitType === unit.unitType,
        from: carried.fromLabel,
      });
    }
    return initialSale({
      mode,
      ourTransactionId: newId(),
      orderKey,
      // Checking a booked guest in: their name and phone are already known.
      checkIn,
      shared: cart
        ? {
            ...cart.shared,
            paymentMethod: cart.shared.paymentMethod as PaymentMethod,
          }
        : undefined,
    });
  });
  // The booking this sale checks in is the one it started with (issue 32): never one the board
  // shows later. Its deposit and extras are read live while it is still on the unit.
  const pinned = mode === 'single' ? (state.checkIn ?? null) : null;
  const live = pinned && unit.reservation?.id === pinned.reservationId ? unit.reservation : null;
  const booking = useMemo(
    () =>
      pinned
        ? {
            id: pinned.reservationId,
            guestName: pinned.guestName,
            phone: pinned.phone,
            depositCents: live?.depositCents ?? pinned.depositCents,
            items: live?.items,
            hotelId: live?.hotelId,
            roomNumber: live?.roomNumber,
            lastName: live?.lastName,
          }
        : null,
    [pinned, live],
  );
  // A walk-in whose unit was booked meanwhile cannot be completed here: say so, offer the way on.
  const bookedMeanwhile = !pinned && mode !== 'checkout' ? (unit.bookedFor ?? null) : null;
  // The carried walk-in is this unit's sale now (let go after mounting: an initialiser may run twice).
  const carriedFrom = state.carriedFrom;
  useEffect(() => {
    if (carriedFrom && carryStore.get()?.fromLabel === carriedFrom) carryStore.clear();
  }, [carriedFrom]);
  // A unit taken out of the order changes its total: review it (and tip, and sign) again.
  useEffect(() => dispatch({ type: 'orderChanged', orderKey }), [orderKey, dispatch]);

  const items = useMemo(() => catalogue.items.map(toItem), [catalogue.items]);
  const listQuote = quoteSale(state, catalogue, items, unit.unitType, orderLines);
  // The deposit on account comes off the total (never below zero); the server applies the same.
  const applied = booking ? Math.min(booking.depositCents, listQuote.subtotalCents) : 0;
  const quote = applied
    ? {
        ...listQuote,
        subtotalCents: listQuote.subtotalCents - applied,
        totalCents: listQuote.totalCents - applied,
      }
    : listQuote;
  const step = currentStep(state);
  // Checking a booked guest in: the extras they booked are chosen when Select Equipment opens (the
  // ones on sale for this unit now), and a hotel-rate guest's room and surname fill the guest step;
  // staff change what the guest no longer wants. Only on entering a step, so a change is never undone.
  const enteredStep = useRef<string | null>(null);
  const bookedItems = booking?.items;
  const offeredAddons = quote.offer.addons;
  useEffect(() => {
    if (enteredStep.current === step) return;
    enteredStep.current = step;
    // A room charge to the booking's hotel: its guest's room and surname are typed in for staff.
    if (step === 'guest' && booking?.hotelId && state.hotelId === booking.hotelId && !state.lastName)
      dispatch({ type: 'editGuest', lastName: booking.lastName ?? '', roomNumber: booking.roomNumber ?? '' });
    if (step !== 'equipment' || !bookedItems?.length || state.addons.length > 0) return;
    const chosen = bookedItems.filter((id) => offeredAddons.some((a) => a.id === id));
    if (chosen.length) dispatch({ type: 'setAddons', itemIds: chosen });
  }, [step, booking, bookedItems, offeredAddons, state.addons.length, state.hotelId, state.lastName, dispatch]);
  const retail = useCheckItemPrice({
    itemType: [
      ...orderLines.flatMap((l) => [l.selectedUnit, ...l.selectedAddons]),
      ...(mode !== 'checkout' && state.selectedUnit ? [state.selectedUnit, ...state.addons] : []),
    ],
    extraCharge: state.extraCharge,
    roomChargeHotel: state.hotelId,
  });

  // A card is charged only once the order's units are ours: claimed (held) under this id, or the
  // cart's, just before the reader starts. Released again if the wizard closes without a sale.
  const claimId = useRef(newId()).current;
  const claim = useRef<'none' | 'held' | 'sold'>('none');
  useEffect(
    () => () => {
      if (claim.current === 'held') void releaseUnits({ cartId: claimId }).catch(() => undefined);
      tabHolds.remove(claimId);
    },
    [claimId],
  );
  const hold = useHoldUnit();
  // The card's claim: a refusal is said once, by the card step (issue 23 point 7).
  const claimHold = useHoldUnit({ silent: true });
  const release = useReleaseUnits();
  const unitsOfSale = [...orderLines.map((l) => l.unitId), ...(mode === 'checkout' ? [] : [unit.id])];

  const claimUnits = async () => {
    // A booked unit is already this guest's: the check-in sale takes it from the booking.
    if (booking) return;
    const cartId = cart?.cartId ?? claimId;
    for (const id of unitsOfSale) await claimHold.mutateAsync({ unitId: id, cartId });
    if (cartId === claimId) {
      claim.current = 'held';
      tabHolds.add(claimId);
    }
  };

  const onSaved = useCallback(
    (res: SaveCustomerResponse) => {
      claim.current = 'sold';
      tabHolds.remove(claimId);
      discardDraft();
      // A check-in is a sale of its own: an order in progress on this tablet stays.
      if (cart) {
        draftStore.clear(`cart:${cart.cartId}`);
        cartStore.clear();
      }
      // One toast per outcome (issue 23): kept on the tablet, or recorded by the server.
      toastSuccess('queued' in res && res.queued ? t('offline.savedOffline') : t('sale.saved'));
      onDone();
    },
    [discardDraft, cart, onDone, t, claimId],
  );
  const sale = useCompleteSale(onSaved);
  const [sent, setSent] = useState(false);
  const complete = (cardTransactionId?: string) => {
    setSent(true);
    return completeSale(cardTransactionId).catch((err: unknown) => {
      // Refused (booked or sold meanwhile): the unit is read again, so the wizard shows what can be done.
      if (err instanceof ApiError && err.status === 409) onRefresh?.();
      throw err;
    });
  };
  const completeSale = (cardTransactionId?: string) =>
    sale.complete(
      buildCustomerData({
        state,
        quote,
        unit: { id: unit.id, unitType: unit.unitType },
        orderLines,
        cartId: cart?.cartId ?? (claim.current === 'held' ? claimId : null),
        cardTransactionId,
        reservationId: booking?.id ?? null,
      }),
    );

  const addMoreUnits = async () => {
    if (!quote.chosenUnit) return;
    const cartId = cart?.cartId ?? newId();
    const res = await hold.mutateAsync({ unitId: unit.id, cartId });
    const label = `${res.unit.unitLocation} ${res.unit.unitNumber}`;
    cartStore.add(
      cartId,
      cart?.shared ?? {
        paymentMethod: state.paymentMethod!,
        voucherNumber: state.voucherNumber,
        hotelId: state.hotelId,
        hotelIsOther: state.hotelIsOther,
        roomNumber: padRoom(state.roomNumber),
        lastName: state.lastName,
        manualEntry: state.manualEntry,
        extraCharge: state.extraCharge,
        customerName: state.customerName,
      },
      {
        unitId: unit.id,
        unitType: unit.unitType,
        unitNumber: res.unit.unitNumber,
        unitLocation: res.unit.unitLocation,
        selectedUnit: quote.chosenUnit.id,
        selectedAddons: state.addons,
        lineCents: quote.thisLineCents,
        label,
      },
    );
    // The unit's own draft is now a line of the order.
    discardDraft();
    toastSuccess(t('sale.heldAdded', { unit: label }));
    onDone();
  };

  const removeFromOrder = async (unitId: number) => {
    if (!cart) return;
    await release.mutateAsync({ cartId: cart.cartId, unitIds: [unitId] });
    cartStore.remove(unitId);
    // Taking this very unit (or the last one) out of the order leaves nothing to check out here.
    if (unitId === unit.id || cart.units.length <= 1) onDone();
  };

  const discard = useCallback(() => {
    discardDraft();
    if (claim.current === 'held') void releaseUnits({ cartId: claimId }).catch(() => undefined);
    claim.current = 'none';
  }, [discardDraft, claimId]);

  // The walk-in goes to another unit: its choices wait on the board for the next unit opened.
  const sellElsewhere = () => {
    carryStore.set({ state, fromLabel: unitLabel, fromUnitType: unit.unitType });
    discard();
    guardLeave?.(null);
    onDone();
  };
  const cancelSale = () => {
    discard();
    guardLeave?.(null);
    onDone();
  };

  const started = isStarted(state);
  useEffect(() => {
    guardLeave?.(
      started
        ? {
            message: t('sale.leaveQuestion', { unit: unitLabel }),
            stay: t('sale.keepSelling'),
            leave: t('sale.leaveKeep'),
            discard: t('sale.discardSale'),
            onDiscard: discard,
            sending: sent,
          }
        : null,
    );
  }, [started, guardLeave, discard, t, unitLabel, sent]);
  useEffect(() => () => guardLeave?.(null), [guardLeave]);

  const money = useCents();
  const hotel = catalogue.hotels.find((h) => h.id === state.hotelId) ?? null;
  const summary = doneSteps(state).map((st) => ({ step: st, text: describe(st) }));
  function describe(st: StepId): string {
    switch (st) {
      case 'payment':
        return state.paymentMethod
          ? t(`paymentMethods.${state.paymentMethod}`, { defaultValue: state.paymentMethod })
          : '';
      case 'voucher':
        return state.voucherNumber;
      case 'hotel':
        return hotel?.name ?? '';
      case 'otherGuest':
      case 'guest':
        return `${state.lastName}, ${padRoom(state.roomNumber)}`;
      case 'equipment':
        return [quote.chosenUnit, ...quote.chosenAddons].map((i) => (i ? itemName(i, i18n.language) : '')).join(' + ');
      case 'name':
        return state.customerName;
      case 'review':
        return t('sale.unitsInOrder', { count: unitsOfSale.length });
      case 'receipt':
        return state.receiptType === 'none'
          ? t('sale.receiptTypes.none')
          : state.receiptType === 'phone'
            ? state.receiptPhone
            : state.receiptEmail;
      case 'tip':
        return quote.tipDollars ? money(quote.tipDollars * 100, { dropZeroCents: true }) : t('sale.noTip');
      case 'signature':
        return '✓';
    }
  }

  // Each new step is brought into view when it starts below the screen (on a phone the choices
  // made so far can fill it). Before paint, and only then: a step already on screen never moves
  // under a finger (or a test) that is about to touch it.
  const heading = useRef<HTMLParagraphElement>(null);
  const shownStep = useRef(step);
  useLayoutEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const el = heading.current;
    if (el?.scrollIntoView && el.getBoundingClientRect().bottom > window.innerHeight)
      el.scrollIntoView({ block: 'start' });
  }, [step]);

  const stepProps = { state, dispatch };
  // At COMPLETE SALE it stands where the button was; on other steps above them.
  const bookedNotice = bookedMeanwhile && (
    <Alert color="orange" variant="light" data-testid="booked-meanwhile" role="alert">
      <Stack gap="xs">
        <Text size="sm">{t('sale.bookedMeanwhile', { unit: unitLabel, name: bookedMeanwhile })}</Text>
        <Group gap="xs">
          <Button onClick={sellElsewhere} data-testid="sell-elsewhere">
            {t('sale.chooseAnotherUnit')}
          </Button>
          <Button variant="default" color="red" onClick={cancelSale} data-testid="cancel-refused-sale">
            {t('sale.cancelThisSale')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
  return (
    <Stack gap="sm" data-testid="sale-wizard" data-step={step}>
      {step !== 'complete' && bookedNotice}
      {state.carriedFrom && !bookedMeanwhile && (
        <Alert color="blue" variant="light" data-testid="carried-over">
          {t('sale.carriedFrom', { from: state.carriedFrom, unit: unitLabel })}
        </Alert>
      )}
      {pinned && !live && (
        <Alert color="red" variant="light" data-testid="check-in-gone">
          {t('sale.checkInGone', { name: pinned.guestName, unit: unitLabel })}
        </Alert>
      )}
      {booking && (
        <Alert color="violet" variant="light" data-testid="checking-in">
          {booking.depositCents > 0
            ? t('sale.checkingIn', { name: booking.guestName, amount: money(booking.depositCents) })
            : t('sale.checkingInNoDeposit', { name: booking.guestName })}
        </Alert>
      )}
      {unit.heldBy && mode !== 'checkout' && (
        <Alert color="yellow" variant="light" data-testid="held-elsewhere">
          {t('sale.heldElsewhere', { name: unit.heldBy })}
        </Alert>
      )}
      {mode === 'joining' && (
        <Alert color="cyan" variant="light">
          {t('sale.addingToOrder', { count: orderLines.length, units: orderLines.map((l) => l.label).join(', ') })}
        </Alert>
      )}
      {mode === 'checkout' && (
        <Alert color="cyan" variant="light" data-testid="checkout-order">
          {t('sale.checkingOut', { units: orderLines.map((l) => l.label).join(', ') })}
        </Alert>
      )}
      {summary.length > 0 && (
        // Two columns where the modal is wide: a room charge's seven choices, each with its
        // 48-px Cancel, still leave the step itself on screen.
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" data-testid="sale-summary">
          {summary.map((c) => (
            <Group key={c.step} justify="space-between" wrap="nowrap" gap="xs">
              {/* The choice wraps, the Cancel beside it never shrinks (issue 26: "Cancela" at 390 px). */}
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Text span c="dimmed">
                  {t(`sale.chosen.${c.step}`)}:
                </Text>{' '}
                {c.text}
              </Text>
              {!state.locked.includes(c.step) && (
                <Button
                  variant="light"
                  color="red"
                  style={{ flexShrink: 0 }}
                  onClick={() => dispatch({ type: 'cancel', step: c.step })}
                  aria-label={t('sale.cancelChoice', { what: t(`sale.chosen.${c.step}`) })}
                >
                  {t('sale.cancel')}
                </Button>
              )}
            </Group>
          ))}
        </SimpleGrid>
      )}

      <Text fw={700} data-testid="step-heading" ref={heading} style={{ scrollMarginTop: '4.5rem' }}>
        {t(`sale.steps.${step}`)}
      </Text>

      {step === 'payment' && quote.offer.equipment.length === 0 && state.paymentMethod === null && (
        <NothingOnSale items={items} unitType={unit.unitType} hour={catalogue.hour} hotelGuestOf={null} />
      )}
      {step === 'payment' && <PaymentStep {...stepProps} />}
      {step === 'voucher' && <VoucherStep {...stepProps} />}
      {step === 'hotel' && <HotelStep {...stepProps} hotels={catalogue.hotels} />}
      {step === 'otherGuest' && <OtherGuestStep {...stepProps} />}
      {step === 'guest' && <GuestStep {...stepProps} hotelId={state.hotelId!} />}
      {step === 'equipment' && quote.offer.equipment.length === 0 && (
        <NothingOnSale items={items} unitType={unit.unitType} hour={catalogue.hour} hotelGuestOf={quote.hotelGuestOf} />
      )}
      {step === 'equipment' && <EquipmentStep {...stepProps} quote={quote} />}
      {step === 'name' && (
        <NameStep
          {...stepProps}
          onAddMore={booking ? undefined : () => void addMoreUnits().catch(() => undefined)}
          adding={hold.isPending}
          fixedName={booking !== null}
        />
      )}
      {step === 'review' && (
        <ReviewStep
          {...stepProps}
          quote={quote}
          orderLines={orderLines}
          thisUnitLabel={mode === 'checkout' ? null : unitLabel}
          onRemove={(id) => void removeFromOrder(id).catch(() => undefined)}
          removing={release.isPending}
          onAddMore={() => void addMoreUnits().catch(() => undefined)}
          adding={hold.isPending}
        />
      )}
      {step === 'receipt' && <ReceiptStep {...stepProps} />}
      {step === 'tip' && <TipStep {...stepProps} quote={quote} presets={catalogue.tipPresets} />}
      {step === 'signature' && <SignaturePadField onDone={(png) => dispatch({ type: 'sign', png })} />}
      {step === 'complete' && (
        <CompleteStep
          state={state}
          quote={quote}
          retailRate={retail.data?.prices.retailRate ?? null}
          error={sale.error}
          saving={sale.isPending}
          simulatedReader={catalogue.simulatedReader === '1'}
          note={unitLabel}
          onClaim={claimUnits}
          onComplete={complete}
          blocked={bookedMeanwhile !== null}
        />
      )}
      {step === 'complete' && bookedNotice}

      {mode === 'checkout' && step !== 'review' && (
        <Group>
          <Button
            variant="light"
            color="red"
            onClick={() => void removeFromOrder(unit.id).catch(() => undefined)}
            loading={release.isPending}
          >
            {t('sale.removeUnit', { unit: unitLabel })}
          </Button>
        </Group>
      )}
      {started && (
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              if (!window.confirm(t('sale.discardConfirm'))) return;
              discard();
              onDiscarded();
            }}
          >
            {t('sale.discardSale')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { FnbTab } from '@sandbar/contract/fnb';
import { type PaymentMethod, defaultTip, tipPresets } from '@sandbar/contract/rules/pricing';
import { useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { currentLanguage } from '../../../lib/current-language';
import { newId } from '../../../lib/new-id';
import { useSettleFnbTab } from '../api/settle-fnb-tab';
import { useSaleCatalogue } from '../api/get-sale-catalogue';
import { type SaleEvent, type SaleState, currentStep, doneSteps, initialSale, saleReducer } from '../wizard/machine';
import type { Quote } from '../wizard/quote';
import { ChoiceButton } from './steps/choice-button';
import { CompleteStep } from './steps/complete-step';
import { ReceiptStep } from './steps/receipt-step';
import { SignaturePadField } from './signature-pad-field';
import { TipStep } from './steps/tip-step';
import { VoucherStep } from './steps/voucher-step';

/**
 * A unit's F&B tab settled through the sale wizard's own steps (issue 35 point 7): payment method,
 * voucher number, receipt, tip and signature, then COMPLETE SALE or 'Ready to Swipe CC'. The same
 * state machine as a sale, in checkout mode (nothing to choose from the price list: the tab is the
 * order). A room charge goes to the room from the order itself (the guest's page or Order → room),
 * so the tab offers the methods taken at the unit.
 */
const methods: PaymentMethod[] = ['Credit Card', 'Voucher', 'Cash'];

/** The sale's reducer, with its Review Order step passed at once: the tab, shown above, is the order. */
function settleReducer(s: SaleState, e: SaleEvent): SaleState {
  const next = saleReducer(s, e);
  return currentStep(next) === 'review' ? saleReducer(next, { type: 'confirm', step: 'review' }) : next;
}

export function SettleTab({
  tab,
  unitLabel,
  onSettled,
}: {
  tab: FnbTab;
  unitLabel: string;
  onSettled(receiptId: string): void;
}) {
  const { t } = useTranslation();
  const { data: catalogue } = useSaleCatalogue();
  const [state, dispatch] = useReducer(settleReducer, undefined, () =>
    initialSale({ mode: 'checkout', ourTransactionId: newId() }),
  );
  const settle = useSettleFnbTab();
  const sent = useRef<Promise<unknown> | null>(null);
  const step = currentStep(state);
  const subtotalCents = tab.totalCents;
  const tipDollars = state.tip ?? defaultTip(state.paymentMethod ?? '', subtotalCents);
  const quote = {
    hotelGuestOf: null,
    offer: { equipment: [], addons: [] },
    chosenUnit: undefined,
    chosenAddons: [],
    thisLineCents: 0,
    addonCents: 0,
    subtotalCents,
    tipDollars,
    tipCents: tipDollars * 100,
    totalCents: subtotalCents + tipDollars * 100,
  } satisfies Quote;

  const complete = (cardTransactionId?: string) => {
    sent.current ??= settle
      .mutateAsync({
        ourTransactionId: state.ourTransactionId,
        tabId: tab.id,
        totalCents: subtotalCents,
        paymentMethod: state.paymentMethod!,
        tipCents: quote.tipCents,
        cardTransactionId: cardTransactionId ?? null,
        voucherNumber: state.paymentMethod === 'Voucher' ? state.voucherNumber.trim() : '',
        signature: state.signature ?? '',
        receiptType: state.receiptType,
        customerPhone: state.receiptType === 'phone' ? state.receiptPhone : '',
        customerEmail: state.receiptType === 'email' ? state.receiptEmail : '',
        languageCode: currentLanguage(),
      })
      .then(
        (r) => onSettled(r.receiptId),
        (err: unknown) => {
          sent.current = null;
          throw err;
        },
      );
    return sent.current;
  };

  const stepProps = { state, dispatch };
  return (
    <Stack gap="sm" data-testid="settle-tab">
      {doneSteps(state)
        .filter((s) => s !== 'review')
        .map((s) => (
          <Group key={s} justify="space-between" gap="xs">
            <Text size="sm">
              {t(`sale.steps.${s}`)}:{' '}
              <b>
                {s === 'payment'
                  ? t(`paymentMethods.${state.paymentMethod}`, { defaultValue: state.paymentMethod ?? '' })
                  : s === 'tip'
                    ? `$${tipDollars}`
                    : s === 'receipt'
                      ? t(`sale.receiptTypes.${state.receiptType}`)
                      : s === 'voucher'
                        ? state.voucherNumber
                        : '✓'}
              </b>
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={() => dispatch({ type: 'cancel', step: s })}>
              {t('sale.cancel')}
            </Button>
          </Group>
        ))}
      <Text fw={700} data-testid="step-heading">
        {t(`sale.steps.${step}`)}
      </Text>
      {step === 'payment' && (
        <Group role="group" aria-label={t('sale.steps.payment')}>
          {methods.map((m) => (
            <ChoiceButton key={m} onClick={() => dispatch({ type: 'choosePayment', method: m })}>
              {t(`paymentMethods.${m}`, { defaultValue: m })}
            </ChoiceButton>
          ))}
        </Group>
      )}
      {step === 'voucher' && <VoucherStep {...stepProps} />}
      {step === 'receipt' && <ReceiptStep {...stepProps} />}
      {step === 'tip' && <TipStep {...stepProps} quote={quote} presets={catalogue?.tipPresets ?? [...tipPresets]} />}
      {step === 'signature' && <SignaturePadField onDone={(png) => dispatch({ type: 'sign', png })} />}
      {step === 'complete' && (
        <CompleteStep
          state={state}
          quote={quote}
          retailRate={null}
          error={settle.error}
          saving={settle.isPending}
          simulatedReader={catalogue?.simulatedReader === '1'}
          note={unitLabel}
          onClaim={async () => undefined}
          onComplete={complete}
        />
      )}
      {settle.error && !(settle.error instanceof ApiError) && <Alert color="red">{String(settle.error)}</Alert>}
    </Stack>
  );
}

import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api';
import { type Quote } from '../../wizard/quote';
import { CardPayment } from '../../../../components/card-payment';
import type { StepProps } from './step-props';
import { useCents } from '../../../../lib/venue-format';

/** The totals, then COMPLETE SALE (or 'Ready to Swipe CC' for a card). */
export function CompleteStep({
  state,
  quote,
  retailRate,
  error,
  saving,
  simulatedReader,
  note,
  onClaim,
  onComplete,
  blocked = false,
}: Omit<StepProps, 'dispatch'> & {
  quote: Quote;
  retailRate: string | null;
  error: unknown;
  saving: boolean;
  simulatedReader: boolean;
  note: string;
  onClaim: () => Promise<void>;
  onComplete: (cardTransactionId?: string) => Promise<unknown>;
  /** The sale cannot be completed here (its unit was booked meanwhile): nothing to tap but the way on, above. */
  blocked?: boolean;
}) {
  const { t } = useTranslation();
  const money = useCents();
  return (
    <Paper withBorder p="sm">
      <Stack gap={4}>
        {retailRate && Number(retailRate) > 0 && (
          <Text size="sm">
            {t('sale.retailValue')}: {money(Number(retailRate) * 100)}
          </Text>
        )}
        <Text size="sm">
          {t('sale.subtotal')}: {money(quote.subtotalCents)}
        </Text>
        <Text size="sm">
          {t('sale.tip')}: {money(quote.tipCents)}
        </Text>
        <Text fw={700} data-testid="sale-total">
          {t('sale.total')}: {money(quote.totalCents)}
        </Text>
        {/* A card's failed save is said by the card step, beside its retry: one message (issue 23). */}
        {!!error && state.paymentMethod !== 'Credit Card' && (
          <Alert color="red" data-testid="sale-error">
            {error instanceof ApiError ? error.details : String(error)}
          </Alert>
        )}
        {blocked ? null : state.paymentMethod === 'Credit Card' ? (
          <CardPayment
            amountCents={quote.totalCents}
            ourTransactionId={state.ourTransactionId}
            simulated={simulatedReader}
            note={note}
            onBeforeCharge={onClaim}
            onApproved={async (id) => {
              await onComplete(id);
            }}
          />
        ) : (
          <Button mt="xs" onClick={() => void onComplete().catch(() => undefined)} loading={saving} disabled={saving}>
            {t('sale.completeSale')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

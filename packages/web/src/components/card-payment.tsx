import { localText } from '../lib/notify';
import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import { readerPollMs } from '@sandbar/contract/rules/pricing';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import { ReaderError, cardReader } from '../lib/android-bridge';

/**
 * 'Ready to Swipe CC': asks the Android wrapper (or the simulated reader) to charge, then polls
 * for the result every 1000 ms. Approved completes the order; a failure keeps waiting (spec section 4).
 */
export function CardPayment({
  amountCents,
  ourTransactionId,
  simulated,
  note,
  onBeforeCharge,
  onApproved,
}: {
  amountCents: number;
  ourTransactionId: string;
  simulated: boolean;
  note: string;
  /** Claims the order's units; a refusal (409: taken meanwhile) stops before any card is charged. */
  onBeforeCharge: () => Promise<void>;
  onApproved: (cardTransactionId: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const reader = useMemo(() => cardReader({ simulated }), [simulated]);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [approvedId, setApprovedId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [starting, setStarting] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  const finish = async (id: string) => {
    setSaving(true);
    setError(null);
    try {
      await onApproved(id);
    } catch (err) {
      // The card is charged: keep the id so the save can be retried (it is idempotent).
      setError(err instanceof ApiError ? err.details : String(err));
    } finally {
      setSaving(false);
    }
  };

  const start = async () => {
    setError(null);
    setStarting(true);
    try {
      await onBeforeCharge();
    } catch (err) {
      setError(err instanceof ApiError ? err.details : String(err));
      return;
    } finally {
      setStarting(false);
    }
    setStatus(t('messages.sale.squareLoadingReader'));
    try {
      reader.start({ amountCents, currency: 'USD', ourTransactionId, note });
    } catch (err) {
      setStatus(null);
      setError(err instanceof ReaderError ? localText(err.message) : t('messages.sale.squareError'));
      return;
    }
    setStatus(t('messages.sale.squareConnecting'));
    if (timer.current) clearInterval(timer.current);
    timer.current = setInterval(() => {
      const r = reader.poll(ourTransactionId);
      if (r.status === 'approved') {
        clearInterval(timer.current!);
        timer.current = null;
        setStatus(t('sale.approved'));
        setApprovedId(r.transactionId);
        void finish(r.transactionId);
      } else if (r.status !== 'pending') {
        // Declined or unreadable: keep waiting for another swipe.
        setError(r.message);
      }
    }, readerPollMs);
  };

  return (
    <Stack gap="xs" mt="xs">
      {reader.simulated && (
        <Badge color="gray" variant="light">
          {t('sale.simulatedReader')}
        </Badge>
      )}
      {status && (
        <Text size="sm" data-testid="card-status">
          {status}
        </Text>
      )}
      {error && (
        <Alert color="red" data-testid="card-error">
          {error}
        </Alert>
      )}
      {approvedId ? (
        error && (
          <Button onClick={() => void finish(approvedId)} loading={saving}>
            {t('sale.retry')}
          </Button>
        )
      ) : (
        <Button onClick={() => void start()} loading={starting} disabled={!!timer.current && !error}>
          {t('messages.sale.readyToSwipe')}
        </Button>
      )}
    </Stack>
  );
}

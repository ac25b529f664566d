import { localText } from '../../../lib/notify';
import { Alert, Button, Card, Group, Modal, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { moneyToCents } from '@sandbar/contract/common';
import { dropoffTexts } from '@sandbar/contract/dropoff';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { newId } from '../../../lib/new-id';
import { toastSuccess } from '../../../lib/notify';
import { useMoney } from '../../../lib/venue-format';
import { useSaveDropoffNotes } from '../api/save-dropoff-notes';

/**
 * 'Notes and Drop Off': an amount above the cash on hand is saved only after the agent confirms it.
 * Every drop-off carries a key of its own (issue 23): when the server cannot be reached it waits on
 * the tablet and is sent with the sales, and a send that reached the server is never a second one.
 * `cashOnHand` is null when the tablet knows no figures (offline, never loaded): nothing to check.
 */
export function DropoffForm({ cashOnHand }: { cashOnHand: string | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const save = useSaveDropoffNotes();
  // One key per drop-off: kept through "Save anyway", a new one once it is saved or queued.
  const key = useRef(newId());
  const [amount, setAmount] = useState<string | number>('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The question to confirm (the server's own words when it asked).
  const [question, setQuestion] = useState<string | null>(null);

  const send = async (confirmOverCashOnHand: boolean) => {
    setQuestion(null);
    try {
      const r = await save.mutateAsync({
        body: { dropoffAmount: String(amount), dropoffNotes: notes, confirmOverCashOnHand, clientKey: key.current },
        label: t('dropoff.queueLabel', { amount: money(String(amount)) }),
      });
      toastSuccess(r ? r.details : t('dropoff.savedOffline'));
      key.current = newId();
      setAmount('');
      setNotes('');
    } catch (err) {
      // 409: the cash on hand changed on another tablet; ask with the server's figures.
      if (err instanceof ApiError && err.status === 409) return setQuestion(err.details);
      setError(err instanceof ApiError ? err.details : String(err));
    }
  };
  const submit = () => {
    setError(null);
    if (amount === '' || Number(amount) === 0) return setError(t('messages.dropoff.amountRequired'));
    const cents = Math.round(Number(amount) * 100);
    if (cashOnHand !== null && cents > moneyToCents(cashOnHand)) {
      return setQuestion(localText(dropoffTexts.overCashOnHand((cents / 100).toFixed(2), cashOnHand)));
    }
    void send(false);
  };

  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={4}>{t('messages.dropoff.formTitle')}</Title>
        <NumberInput
          label={t('dropoff.amount')}
          prefix="$"
          thousandSeparator=","
          decimalScale={2}
          min={0}
          value={amount}
          onChange={(v) => {
            setError(null);
            setAmount(v);
          }}
        />
        <Textarea
          label={t('dropoff.notes')}
          value={notes}
          onChange={(e) => {
            setError(null);
            setNotes(e.currentTarget.value);
          }}
          autosize
          minRows={2}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button onClick={submit} loading={save.isPending}>
          {t('dropoff.save')}
        </Button>
      </Stack>
      <Modal
        opened={question !== null}
        onClose={() => setQuestion(null)}
        title={localText(dropoffTexts.confirmTitle)}
        centered
      >
        <Stack>
          <Text>{question}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setQuestion(null)}>
              {t('dropoff.cancel')}
            </Button>
            <Button color="red" onClick={() => void send(true)} loading={save.isPending}>
              {t('dropoff.saveAnyway')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

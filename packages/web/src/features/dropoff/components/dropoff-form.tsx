import { localText } from '../../../lib/notify';
import { Alert, Button, Card, Group, Modal, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { moneyToCents } from '@sandbar/contract/common';
import { dropoffTexts } from '@sandbar/contract/dropoff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { toastSuccess } from '../../../lib/notify';
import { useSaveDropoffNotes } from '../api/save-dropoff-notes';

/** 'Notes and Drop Off': an amount above the cash on hand is saved only after the agent confirms it. */
export function DropoffForm({ cashOnHand }: { cashOnHand: string }) {
  const { t } = useTranslation();
  const save = useSaveDropoffNotes();
  const [amount, setAmount] = useState<string | number>('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The question to confirm (the server's own words when it asked).
  const [question, setQuestion] = useState<string | null>(null);

  const send = async (confirmOverCashOnHand: boolean) => {
    setQuestion(null);
    try {
      const r = await save.mutateAsync({ dropoffAmount: String(amount), dropoffNotes: notes, confirmOverCashOnHand });
      toastSuccess(r.details);
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
    if (cents > moneyToCents(cashOnHand)) {
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

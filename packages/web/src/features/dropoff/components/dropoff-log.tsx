import { localText } from '../../../lib/notify';
import { Button, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { dropoffTexts } from '@sandbar/contract/dropoff';
import type { DropoffReport } from '@sandbar/contract/sales';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { toastSuccess } from '../../../lib/notify';
import { useMoney, useVenueTime } from '../../../lib/venue-format';
import { useVoidDropoff } from '../api/void-dropoff';

type Drop = DropoffReport['dropOffs'][number];

/** The drop-off log: voided ones struck through with who, when and why; a Void button for A and S. */
export function DropoffLog({ drops, canVoid }: { drops: Drop[]; canVoid: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const time = useVenueTime();
  const [voiding, setVoiding] = useState<Drop | null>(null);

  return (
    <Stack gap="xs">
      <Title order={5}>{t('dropoff.log')}</Title>
      {drops.length === 0 ? (
        <Text c="dimmed">{t('dropoff.noDrops')}</Text>
      ) : (
        <Table data-testid="dropoff-log">
          <Table.Tbody>
            {drops.map((d) => (
              <Table.Tr key={d.id} data-voided={d.voided ? 'true' : undefined}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(d.epoc)}</Table.Td>
                <Table.Td>
                  {d.voided ? (
                    <Stack gap={0}>
                      <s>{money(d.amount)}</s>
                      <Text size="xs" fw={700} c="dimmed">
                        {t('dropoff.voidedTag')}
                      </Text>
                    </Stack>
                  ) : (
                    money(d.amount)
                  )}
                </Table.Td>
                <Table.Td>
                  {d.voided ? <s>{d.notes}</s> : d.notes}
                  {d.voided && (
                    <Text size="sm" c="dimmed">
                      {t('dropoff.voidedBy', { name: d.voided.by, time: time(d.voided.epoc), reason: d.voided.reason })}
                    </Text>
                  )}
                </Table.Td>
                {canVoid && (
                  <Table.Td>
                    {!d.voided && (
                      <Button size="xs" variant="light" color="red" onClick={() => setVoiding(d)}>
                        {t('dropoff.void')}
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {voiding && <VoidModal drop={voiding} onClose={() => setVoiding(null)} />}
    </Stack>
  );
}

function VoidModal({ drop, onClose }: { drop: Drop; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const time = useVenueTime();
  const mutation = useVoidDropoff();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!reason.trim()) return setError(localText(dropoffTexts.voidReasonBlank));
    try {
      const r = await mutation.mutateAsync({ id: drop.id, reason });
      toastSuccess(r.details);
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.details : String(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('dropoff.voidTitle')} centered>
      <Stack>
        <Text>
          {time(drop.epoc)} · {money(drop.amount)} {drop.notes && `· ${drop.notes}`}
        </Text>
        <Textarea
          label={t('dropoff.voidReason')}
          value={reason}
          onChange={(e) => {
            setError(null);
            setReason(e.currentTarget.value);
          }}
          error={error}
          autosize
          minRows={2}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dropoff.cancel')}
          </Button>
          <Button color="red" onClick={() => void submit()} loading={mutation.isPending}>
            {t('dropoff.voidConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

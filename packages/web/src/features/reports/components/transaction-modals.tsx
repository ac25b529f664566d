import { Alert, Button, Group, Loader, Modal, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { roomChargeType } from '@sandbar/contract/reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { localText, toastSuccess } from '../../../lib/notify';
import { useMoney, useVenueTime } from '../../../lib/venue-format';
import {
  restoreTransaction,
  saveTip,
  saveTransaction,
  switchTransaction,
  useCorrection,
  useTip,
  useTransactionDetail,
} from '../api/corrections';
import { useReportHotels } from '../api/get-hotels';
import { useSalePostings } from '../api/sale-postings';
import { PostingBadge } from '../../../components/posting-badge';

/** 'View Transaction Details': date plus notes, the tip, the correction history; Restore when deleted. */
export function ViewTransactionModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  // In the venue's zone and the user's language, whatever the tablet's clock says (issue 12).
  const venueTime = useVenueTime();
  const when = (ms: number) => venueTime(ms, true);
  const detail = useTransactionDetail(id);
  const [restoring, setRestoring] = useState<number | null>(null);
  const d = detail.data;
  return (
    <Modal opened={id != null} onClose={onClose} title={t('messages.report.viewTransaction')} size="lg" centered>
      {!d ? (
        <Loader />
      ) : (
        <Stack gap="xs" data-testid="transaction-detail">
          <Text>
            <b>{t('reports.date')}:</b> {d.doyFriendly}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>
            <b>{t('reports.notes')}:</b> {d.notes}
          </Text>
          <Text>
            <b>{t('reports.price')}:</b> {money(d.price)} · <b>{t('reports.tip')}:</b> {money(d.Tip_Amount)} ·{' '}
            <b>{t('reports.total')}:</b> {money(d.total)}
          </Text>
          <Text>
            <b>{t('reports.paymentMethod')}:</b>{' '}
            {t(`paymentMethods.${d.paymentMethod}`, { defaultValue: d.paymentMethod })}
            {d.hotel && ` (${d.hotel})`} · <b>{t('reports.agent')}:</b> {d.agent}
          </Text>
          {d.paymentMethod === 'Room Charge' && <SalePostings id={d.transactionId} />}
          {d.deleted && (
            <Alert color="red" title={t('reports.deleted')}>
              <Group justify="space-between">
                <Text size="sm">{d.deletedBy}</Text>
                <Button color="teal" onClick={() => setRestoring(d.transactionId)}>
                  {t('reports.restore')}
                </Button>
              </Group>
            </Alert>
          )}
          <Text fw={700}>{t('reports.history')}</Text>
          {d.history.length === 0 ? (
            <Text c="dimmed">{t('reports.historyEmpty')}</Text>
          ) : (
            <Table data-testid="transaction-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reports.when')}</Table.Th>
                  <Table.Th>{t('reports.who')}</Table.Th>
                  <Table.Th>{t('reports.what')}</Table.Th>
                  <Table.Th>{t('reports.before')}</Table.Th>
                  <Table.Th>{t('reports.after')}</Table.Th>
                  <Table.Th>{t('reports.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.history.map((h, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{when(h.at)}</Table.Td>
                    <Table.Td>{h.who}</Table.Td>
                    <Table.Td>{t(`reports.historyKinds.${h.kind}`, { defaultValue: h.kind })}</Table.Td>
                    <Table.Td>{localText(h.before)}</Table.Td>
                    <Table.Td>{localText(h.after)}</Table.Td>
                    <Table.Td>{h.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
      <RestoreModal
        id={restoring}
        onClose={() => {
          setRestoring(null);
          void detail.refetch();
        }}
      />
    </Modal>
  );
}

/** A room charge's postings to the hotel's PMS (issue 34): status, reference or the PMS's message. */
function SalePostings({ id }: { id: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const venueTime = useVenueTime();
  const { data } = useSalePostings(id, true);
  if (!data?.postings.length) return null;
  return (
    <Stack gap={4} data-testid="sale-postings">
      <Text fw={700}>{t('reports.postingsHeading')}</Text>
      {data.postings.map((p) => (
        <Group key={p.id} gap="xs" wrap="wrap" align="flex-start" data-testid="sale-posting">
          <PostingBadge state={p.state} />
          <Text size="sm">
            {p.action === 'void' ? t('reports.postingVoid') : t('reports.postingCharge')} {money(p.amount)} · {p.hotel}{' '}
            {p.room}
            {p.postedAt ? ` · ${venueTime(p.postedAt, true)}` : ''} ·{' '}
            {t('reports.postingAttempts', { count: p.attempts })}
          </Text>
          {p.reference && (
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {p.reference}
            </Text>
          )}
          {p.error && p.status !== 'posted' && (
            <Text size="sm" c={p.status === 'failed' ? 'red.9' : undefined} style={{ flexBasis: '100%' }}>
              {localText(p.error)}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The reason every correction asks for (issue 26): the agent reads it on Notes/Drops beside the
 * line, so Save stays disabled until there is one.
 */
export function ReasonInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('reports.reason')}
      placeholder={t('reports.reasonPlaceholder')}
      description={value.trim() ? undefined : t('reports.reasonRequired')}
      required
      maxLength={500}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-testid="correction-reason"
    />
  );
}

/** Restore a deleted transaction, with a reason: from its row or from View Transaction Details. */
export function RestoreModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const restore = useCorrection(restoreTransaction);
  const [reason, setReason] = useState('');
  const s = useSubmit();
  return (
    <Modal opened={id != null} onClose={onClose} title={t('reports.restoreTitle')} centered key={id ?? 0}>
      <Stack>
        <ReasonInput
          value={reason}
          onChange={(v) => {
            s.clear();
            setReason(v);
          }}
        />
        {s.error && <Alert color="red">{s.error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('reports.cancel')}
          </Button>
          <Button
            color="teal"
            disabled={!reason.trim()}
            loading={restore.isPending}
            onClick={() =>
              void s.run(
                () => restore.mutateAsync({ transactionId: id!, reason: reason.trim() }),
                () => {
                  setReason('');
                  onClose();
                },
              )
            }
          >
            {t('reports.restore')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function useSubmit() {
  const [error, setError] = useState<string | null>(null);
  const run = async (fn: () => Promise<{ details: string }>, done: () => void) => {
    setError(null);
    try {
      toastSuccess((await fn()).details);
      done();
    } catch (err) {
      setError(err instanceof ApiError ? err.details : String(err));
    }
  };
  return { error, run, clear: () => setError(null) };
}

/** 'Edit Transaction Price': the new price before the tip. */
export function EditPriceModal({
  target,
  reportType,
  reportTime,
  onClose,
}: {
  target: { id: number; price: string } | null;
  reportType: string;
  reportTime: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useCorrection(saveTransaction);
  const [price, setPrice] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const s = useSubmit();
  return (
    <Modal
      opened={target != null}
      onClose={onClose}
      title={t('messages.report.editTransactionPrice')}
      centered
      key={target?.id}
    >
      <Stack>
        <NumberInput
          label={t('reports.price')}
          prefix="$"
          decimalScale={2}
          fixedDecimalScale
          min={0}
          defaultValue={target?.price}
          onChange={(v) => {
            s.clear();
            setPrice(v);
          }}
          data-autofocus
        />
        <ReasonInput
          value={reason}
          onChange={(v) => {
            s.clear();
            setReason(v);
          }}
        />
        {s.error && <Alert color="red">{s.error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('reports.cancel')}
          </Button>
          <Button
            disabled={!reason.trim()}
            loading={save.isPending}
            onClick={() =>
              void s.run(
                () =>
                  save.mutateAsync({
                    price: String(price === '' ? (target?.price ?? '') : price),
                    transactionId: target!.id,
                    reason: reason.trim(),
                    reportType,
                    reportTime,
                  }),
                onClose,
              )
            }
          >
            {t('reports.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Edit tip: getTip fills the form, saveTip stores it. */
export function EditTipModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tip = useTip(id);
  const save = useCorrection(saveTip);
  const [value, setValue] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const s = useSubmit();
  return (
    <Modal opened={id != null} onClose={onClose} title={t('reports.editTip')} centered key={id ?? 0}>
      {!tip.data ? (
        <Loader />
      ) : (
        <Stack>
          <NumberInput
            label={t('reports.tip')}
            prefix="$"
            decimalScale={2}
            fixedDecimalScale
            min={0}
            defaultValue={tip.data.Tip_Amount}
            onChange={(v) => {
              s.clear();
              setValue(v);
            }}
          />
          <ReasonInput
            value={reason}
            onChange={(v) => {
              s.clear();
              setReason(v);
            }}
          />
          {s.error && <Alert color="red">{s.error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('reports.cancel')}
            </Button>
            <Button
              disabled={!reason.trim()}
              loading={save.isPending}
              onClick={() =>
                void s.run(
                  () =>
                    save.mutateAsync({
                      tip: String(value === '' ? tip.data.Tip_Amount : value),
                      transactionId: id!,
                      reason: reason.trim(),
                    }),
                  onClose,
                )
              }
            >
              {t('reports.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Switch a room charge to another hotel (switchTransaction with the target's RoomCharge type). */
export function SwitchHotelModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const hotels = useReportHotels();
  const save = useCorrection(switchTransaction);
  const [target, setTarget] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const s = useSubmit();
  const options = (hotels.data?.hotels ?? []).map((h) => ({ value: roomChargeType(h.name), label: h.name }));
  return (
    <Modal opened={id != null} onClose={onClose} title={t('reports.switchHotel')} centered key={id ?? 0}>
      <Stack>
        <Select label={t('reports.moveTo')} data={options} value={target} onChange={setTarget} />
        <ReasonInput value={reason} onChange={setReason} />
        {s.error && <Alert color="red">{s.error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('reports.cancel')}
          </Button>
          <Button
            disabled={!target || !reason.trim()}
            loading={save.isPending}
            onClick={() =>
              void s.run(
                () => save.mutateAsync({ customerId: id!, reportType: target!, reason: reason.trim() }),
                onClose,
              )
            }
          >
            {t('reports.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

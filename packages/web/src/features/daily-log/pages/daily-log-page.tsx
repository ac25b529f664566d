import { ActionIcon, Button, Container, Group, Loader, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { DailyLogField } from '@sandbar/contract/daily-log';
import { useQueryClient } from '@tanstack/react-query';
import { businessDay } from '@sandbar/contract/rules/time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteDailyLog } from '../api/delete-daily-log';
import { dailyLogQuery } from '../api/get-daily-log';
import { useDailyLogs } from '../api/get-daily-logs';
import { useSaveDailyLog } from '../api/save-daily-log';
import { type DailyLogDraft, DailyLogForm } from '../components/daily-log-form';
import './daily-log.css';
import { ScrollTable } from '../../../components/scroll-table';

type Mode = 'list' | 'loading' | 'add' | 'edit';

const blankValues = (fields: DailyLogField[]) =>
  Object.fromEntries(fields.map((f) => [f.fieldName, f.fieldType === 'toggle' ? '0' : '']));

/**
 * /config/daily-log (A, S, M): the spec's modes loading → list → add / edit; save → loading → list;
 * cancel → list; a save without a date returns to the form with 'You did not enter a date'.
 */
export function DailyLogPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data: user } = useCurrentUser();
  const timeZone = user?.timeZone ?? 'America/New_York';
  const list = useDailyLogs();
  const save = useSaveDailyLog();
  const remove = useDeleteDailyLog();
  const [mode, setMode] = useState<Mode>('list');
  const [formMode, setFormMode] = useState<'add' | 'edit'>('add');
  const [draft, setDraft] = useState<DailyLogDraft>({ logDate: '', values: {}, users: {} });
  const [fields, setFields] = useState<DailyLogField[]>([]);
  const [venueName, setVenueName] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [toDelete, setToDelete] = useState<{ id: number; logDate: string } | null>(null);

  const openAdd = async () => {
    // Fields an admin added since the list loaded belong in this form: ask again (spec: loading mode).
    setMode('loading');
    const fresh = (await list.refetch()).data ?? list.data;
    const f = fresh?.dailyLogFieldData ?? [];
    setFields(f);
    setVenueName(fresh?.venueName ?? '');
    // Today on the venue's calendar, not the tablet's (issue 12): late evening abroad is still today here.
    setDraft({ logDate: businessDay(Date.now(), timeZone), values: blankValues(f), users: {} });
    setErrors([]);
    setFormMode('add');
    setMode('add');
  };

  const openEdit = async (id: number) => {
    setMode('loading');
    setErrors([]);
    try {
      const res = await qc.fetchQuery(dailyLogQuery(id));
      setFields(res.dailyLogFieldData);
      setVenueName(res.venueName);
      const values = blankValues(res.dailyLogFieldData);
      const users: Record<string, string> = {};
      for (const [name, v] of Object.entries(res.data.data)) {
        values[name] = v.value;
        users[name] = v.user;
      }
      setDraft({ id: res.data.id, logDate: res.data.logDate, values, users });
      setFormMode('edit');
      setMode('edit');
    } catch {
      setMode('list');
    }
  };

  const onSave = async () => {
    if (!draft.logDate.trim()) {
      setErrors([t('messages.dailyLog.dateBlank')]);
      setMode(formMode);
      return;
    }
    setMode('loading');
    try {
      const res = await save.mutateAsync({
        id: draft.id,
        logDate: draft.logDate,
        data: Object.fromEntries(Object.entries(draft.values).map(([k, value]) => [k, { value }])),
      });
      toastSuccess(res.details);
      await list.refetch();
      setMode('list');
    } catch (err) {
      // Keep what was typed: a validation message goes in the form, anything else (409…) is toasted.
      if (err instanceof ApiError && err.status === 400) setErrors([err.details]);
      else if (err instanceof ApiError && err.status !== 401) toastError(err.details);
      setMode(formMode);
    }
  };

  const onChange = (next: DailyLogDraft) => {
    setDraft(next);
    if (errors.length) setErrors([]);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      const res = await remove.mutateAsync(toDelete.id);
      toastSuccess(res.details);
    } finally {
      setToDelete(null);
    }
  };

  if (mode === 'loading' || (mode === 'list' && list.isPending)) {
    return (
      <Container py="xl" data-testid="daily-log-loading">
        <Loader />
      </Container>
    );
  }

  if (mode === 'add' || mode === 'edit') {
    const taken = list.data?.dailyLogs.find((l) => l.logDate === draft.logDate && l.id !== draft.id);
    return (
      <Container size="lg" py="md">
        <DailyLogForm
          draft={draft}
          fields={fields}
          venueName={venueName}
          errors={errors}
          existingIdForDate={taken?.id}
          saving={save.isPending}
          onChange={onChange}
          onSave={() => void onSave()}
          onCancel={() => setMode('list')}
          onOpenExisting={(id) => void openEdit(id)}
        />
      </Container>
    );
  }

  const logs = list.data?.dailyLogs ?? [];
  return (
    <Container size="md" py="md">
      <Group justify="space-between" mb="md">
        <Title order={2}>{t('dailyLog.title')}</Title>
        <Button onClick={() => void openAdd()} disabled={!list.data}>
          {t('messages.dailyLog.add')}
        </Button>
      </Group>
      {logs.length === 0 ? (
        <Text>{t('dailyLog.empty')}</Text>
      ) : (
        <ScrollTable minWidth={360} label={t('dailyLog.title')}>
          <Table striped withTableBorder data-testid="daily-log-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dailyLog.date')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {logs.map((l) => (
                <Table.Tr key={l.id} data-testid={`daily-log-${l.logDate}`}>
                  <Table.Td>{l.logDate}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="light"
                        aria-label={`${t('dailyLog.edit')} ${l.logDate}`}
                        onClick={() => void openEdit(l.id)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      {user?.userType === 'A' && (
                        <ActionIcon
                          color="red"
                          variant="light"
                          aria-label={`${t('dailyLog.delete')} ${l.logDate}`}
                          onClick={() => setToDelete(l)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <ConfirmDeleteDialog
        opened={toDelete !== null}
        message={toDelete ? t('dailyLog.deleteQuestion', { date: toDelete.logDate }) : undefined}
        onYes={() => void confirmDelete()}
        onNo={() => setToDelete(null)}
        loading={remove.isPending}
      />
    </Container>
  );
}

import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { UnitDetail, UnitEntry } from '@sandbar/contract/units';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canPrint, printOnAndroid } from '../../../lib/android-bridge';
import { toastError, toastSuccess } from '../../../lib/notify';
import { useVenueTime } from '../../../lib/venue-format';
import { useLogAction } from '../api/log-action';
import { usePrintUnitNotes } from '../api/print-unit-notes';
import { useSaveUnitNotes } from '../api/save-unit-notes';

function EntryList({ entries, empty }: { entries: UnitEntry[]; empty: string }) {
  const { t } = useTranslation();
  const print = usePrintUnitNotes();
  const time = useVenueTime();
  // Printing needs the Android wrapper; a plain browser does not offer it (as with Print Receipt).
  const printable = canPrint();
  if (entries.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="xs">
      {entries.map((e) => (
        <Group key={e.id} justify="space-between" wrap="nowrap" align="flex-start" data-entry={e.id}>
          <Text size="sm">
            <Text span c="dimmed" size="xs">
              {time(e.epoc)} {e.admin}
            </Text>{' '}
            {e.note}
          </Text>
          {printable && (
            <Button
              variant="subtle"
              loading={print.isPending && print.variables === e.id}
              onClick={() =>
                print.mutate(e.id, {
                  onSuccess: ({ PrintCode }) =>
                    printOnAndroid(PrintCode) ? toastSuccess(t('board.printed')) : toastError(t('board.noPrinter')),
                })
              }
            >
              {t('board.print')}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** Log and Notes tabs: add a line, list the day's lines newest first, print one. */
export function EntriesTab({ unit, kind, timeStamp }: { unit: UnitDetail; kind: 'log' | 'note'; timeStamp: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const log = useLogAction();
  const note = useSaveUnitNotes();
  const pending = log.isPending || note.isPending;
  const add = () => {
    const v = text.trim();
    if (!v) return;
    const done = {
      onSuccess: (r: { details: string }) => {
        setText('');
        toastSuccess(r.details);
      },
    };
    if (kind === 'log') log.mutate({ unitId: unit.id, logText: v, timeStamp }, done);
    else note.mutate({ unitId: unit.id, customNotes: v, timeStamp }, done);
  };
  return (
    <Stack gap="sm">
      {unit.editable && (
        <>
          <Textarea
            label={kind === 'log' ? t('board.logText') : t('board.noteText')}
            autosize
            minRows={2}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button onClick={add} loading={pending} disabled={!text.trim()}>
              {kind === 'log' ? t('board.addLog') : t('board.addNote')}
            </Button>
          </Group>
        </>
      )}
      <EntryList
        entries={kind === 'log' ? unit.logs : unit.notes}
        empty={kind === 'log' ? t('board.noLogs') : t('board.noNotes')}
      />
    </Stack>
  );
}

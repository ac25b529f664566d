import '@mantine/dropzone/styles.css';
import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What an upload call answers per file (spec section 3, "Uploaded document"). */
export interface UploadResult {
  /** The stored document's id (POST /fileUpload): what Save & Close renames. */
  id?: number;
  fileName: string;
  /** 1 = success; anything else failed with `statusReason`. */
  status: number;
  statusReason?: string;
}

interface Entry {
  key: number;
  name: string;
  state: 'pending' | 'uploaded' | 'failed';
  reason?: string;
  /** Set once uploaded: the document id and the name chosen for it (first the file's own). */
  id?: number;
  chosen?: string;
}

/** One chosen name for POST /fileUpdate (file{n}ID, file{n}Name). */
export interface ChosenName {
  id: number;
  name: string;
}

let seq = 0;

/**
 * Drag-and-drop multi-file upload (spec sections 2 and 4): files upload at once and show as
 * pending, then uploaded (status 1) or failed in a red row with the reason. A file whose name is
 * already in the list is not uploaded and triggers the duplicate-name warning.
 */
export function FileDropUpload({
  upload,
  existingNames = [],
  accept,
  maxSize,
  label,
  onUploaded,
  saveNames,
  onClosed,
  testId = 'file-drop',
}: {
  upload: (file: File) => Promise<UploadResult>;
  existingNames?: readonly string[];
  accept?: string[];
  maxSize?: number;
  label?: string;
  onUploaded?: (result: UploadResult) => void;
  /**
   * Save & Close (spec sections 4 and 8): stores the chosen names (POST /fileUpdate); a status
   * other than 1, or a failed call, shows 'Update Failed!'. Without it the list has no names to edit.
   */
  saveNames?: (names: ChosenName[]) => Promise<{ status: number }>;
  /** After a successful Save & Close: back to the folder or client view. */
  onClosed?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [saving, setSaving] = useState(false);
  const [updateFailed, setUpdateFailed] = useState(false);
  const uploaded = entries.filter((e) => e.state === 'uploaded' && e.id != null);
  const saveAndClose = async () => {
    if (!saveNames) return;
    setSaving(true);
    setUpdateFailed(false);
    try {
      const r = await saveNames(uploaded.map((e) => ({ id: e.id!, name: (e.chosen ?? e.name).trim() || e.name })));
      if (r.status !== 1) return setUpdateFailed(true);
      setEntries([]);
      onClosed?.();
    } catch {
      setUpdateFailed(true);
    } finally {
      setSaving(false);
    }
  };
  const update = (key: number, patch: Partial<Entry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e)));

  const onDrop = (files: FileWithPath[]) => {
    const taken = new Set([
      ...existingNames.map((n) => n.toLowerCase()),
      ...entries.filter((e) => e.state !== 'failed').map((e) => e.name.toLowerCase()),
    ]);
    const fresh: Entry[] = [];
    for (const file of files) {
      const key = ++seq;
      if (taken.has(file.name.toLowerCase())) {
        const reason = t('messages.upload.duplicateName');
        notifications.show({ color: 'yellow', message: reason });
        fresh.push({ key, name: file.name, state: 'failed', reason });
        continue;
      }
      taken.add(file.name.toLowerCase());
      fresh.push({ key, name: file.name, state: 'pending' });
      upload(file)
        .then((r) => {
          if (r.status === 1) {
            update(key, { state: 'uploaded', id: r.id, chosen: r.fileName || file.name });
            onUploaded?.(r);
          } else update(key, { state: 'failed', reason: r.statusReason ?? '' });
        })
        .catch((err: unknown) => update(key, { state: 'failed', reason: (err as Error).message }));
    }
    setEntries((list) => [...fresh, ...list]);
  };

  return (
    <Stack gap="xs" data-testid={testId}>
      <Dropzone
        onDrop={onDrop}
        onReject={(rejections) =>
          setEntries((list) => [
            ...rejections.map((r) => ({
              key: ++seq,
              name: r.file.name,
              state: 'failed' as const,
              reason: r.errors.map((e) => e.message).join(' '),
            })),
            ...list,
          ])
        }
        accept={accept}
        maxSize={maxSize}
        multiple
      >
        <Group justify="center" mih={90} style={{ pointerEvents: 'none' }}>
          <IconUpload size={32} stroke={1.5} />
          <div>
            <Text size="lg">{label ?? t('forms.dropFiles')}</Text>
            <Text size="sm" c="dimmed">
              {t('forms.dropHint')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {entries.length > 0 && (
        <Table withTableBorder data-testid={`${testId}-files`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('forms.fileName')}</Table.Th>
              <Table.Th>{t('forms.fileStatus')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr
                key={e.key}
                data-state={e.state}
                bg={e.state === 'failed' ? 'var(--mantine-color-red-light)' : undefined}
                c={e.state === 'failed' ? 'red' : undefined}
              >
                <Table.Td>
                  {saveNames && e.state === 'uploaded' && e.id != null ? (
                    <TextInput
                      aria-label={t('forms.chosenName', { file: e.name })}
                      value={e.chosen ?? e.name}
                      onChange={(ev) => {
                        setUpdateFailed(false);
                        update(e.key, { chosen: ev.currentTarget.value });
                      }}
                    />
                  ) : (
                    e.name
                  )}
                </Table.Td>
                <Table.Td>
                  {e.state === 'pending' && <Badge color="gray">{t('forms.pending')}</Badge>}
                  {e.state === 'uploaded' && <Badge color="teal">{t('forms.uploaded')}</Badge>}
                  {e.state === 'failed' && (
                    <Text size="sm" c="red">
                      {e.reason || t('forms.failed')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {updateFailed && (
        <Alert color="red" role="alert" data-testid={`${testId}-update-failed`}>
          {t('messages.upload.updateFailed')}
        </Alert>
      )}
      {saveNames && uploaded.length > 0 && (
        <Group justify="flex-end">
          <Button loading={saving} onClick={() => void saveAndClose()}>
            {t('messages.upload.saveAndClose')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

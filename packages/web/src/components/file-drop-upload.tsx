import '@mantine/dropzone/styles.css';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What an upload call answers per file (spec section 3, "Uploaded document"). */
export interface UploadResult {
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
  testId = 'file-drop',
}: {
  upload: (file: File) => Promise<UploadResult>;
  existingNames?: readonly string[];
  accept?: string[];
  maxSize?: number;
  label?: string;
  onUploaded?: (result: UploadResult) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<Entry[]>([]);
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
            update(key, { state: 'uploaded' });
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
                <Table.Td>{e.name}</Table.Td>
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
    </Stack>
  );
}

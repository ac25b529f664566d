import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Confirm Delete dialog with Yes and No (spec sections 4 and 8). `message` is the question,
 * e.g. messages.people.deleteConfirm; without one the dialog only asks with its title.
 */
export function ConfirmDeleteDialog({
  opened,
  message,
  onYes,
  onNo,
  loading,
  children,
  yesDisabled,
}: {
  opened: boolean;
  message?: string;
  onYes: () => void;
  onNo: () => void;
  loading?: boolean;
  /** More of the question, e.g. the reason a correction asks for. */
  children?: ReactNode;
  yesDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onNo} title={t('messages.confirmDelete.title')} centered>
      {message && <Text mb="md">{message}</Text>}
      {children}
      <Group justify="flex-end" mt={children ? 'md' : undefined}>
        <Button variant="default" onClick={onNo}>
          {t('messages.confirmDelete.no')}
        </Button>
        <Button color="red" onClick={onYes} loading={loading} disabled={yesDisabled} data-autofocus={!children}>
          {t('messages.confirmDelete.yes')}
        </Button>
      </Group>
    </Modal>
  );
}

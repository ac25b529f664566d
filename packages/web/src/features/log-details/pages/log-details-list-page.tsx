import { ActionIcon, Button, Container, Group, Loader, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { LogDetail } from '@sandbar/contract/log-details';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useAVPath } from '../../../lib/av';
import { toastSuccess } from '../../../lib/notify';
import { useDeleteLogDetails } from '../api/delete-log-details';
import { useLogDetails } from '../api/get-log-details';
import { ScrollTable } from '../../../components/scroll-table';

/** /config/log-details: Category, Field Name, Field Label, Field Type, Sort, edit and delete (spec section 2). */
export function LogDetailsListPage() {
  const { t } = useTranslation();
  const to = useAVPath();
  const { data, isPending } = useLogDetails();
  const remove = useDeleteLogDetails();
  const [toDelete, setToDelete] = useState<LogDetail | null>(null);

  const confirm = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      // The spec's banner, whatever the server words it.
      toastSuccess(t('messages.logDetail.deleted'));
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Container size="lg" py="md">
      <Group justify="space-between" mb="xs">
        <Title order={2}>{t('logDetails.title')}</Title>
        <Button component={Link} to={to(paths.logDetailsAdd)}>
          {t('logDetails.add')}
        </Button>
      </Group>
      <Text c="dimmed" mb="md">
        {t('logDetails.intro')}
      </Text>
      {isPending ? (
        <Loader />
      ) : !data?.logDetails.length ? (
        <Text>{t('logDetails.empty')}</Text>
      ) : (
        <ScrollTable minWidth={640} label={t('logDetails.title')}>
          <Table striped withTableBorder data-testid="log-details-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('logDetails.category')}</Table.Th>
                <Table.Th>{t('logDetails.name')}</Table.Th>
                <Table.Th>{t('logDetails.label')}</Table.Th>
                <Table.Th>{t('logDetails.fieldType')}</Table.Th>
                <Table.Th>{t('logDetails.sort')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.logDetails.map((d) => (
                <Table.Tr key={d.id} data-testid={`log-detail-${d.name}`}>
                  <Table.Td>{d.category}</Table.Td>
                  <Table.Td>{d.name}</Table.Td>
                  <Table.Td>{d.label}</Table.Td>
                  <Table.Td>{d.fieldType}</Table.Td>
                  <Table.Td>{d.fieldSort}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        component={Link}
                        to={to(paths.logDetailsEdit(d.id))}
                        variant="light"
                        aria-label={`${t('logDetails.edit')} ${d.name}`}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        color="red"
                        variant="light"
                        aria-label={`${t('logDetails.delete')} ${d.name}`}
                        onClick={() => setToDelete(d)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
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
        message={toDelete ? t('logDetails.deleteQuestion', { name: toDelete.label || toDelete.name }) : undefined}
        onYes={() => void confirm()}
        onNo={() => setToDelete(null)}
        loading={remove.isPending}
      />
    </Container>
  );
}

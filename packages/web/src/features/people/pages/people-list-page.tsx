import { Button, Container, Group, Loader, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { RowActions } from '../../../components/row-actions';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useAVPath } from '../../../lib/av';
import { toastSuccess } from '../../../lib/notify';
import { useDeletePeople } from '../api/delete-people';
import { usePeopleList } from '../api/get-people-list';
import { ScrollTable } from '../../../components/scroll-table';

/** /config/people: the users this user may manage (spec section 2; DESIGN.md section 8). */
export function PeopleListPage() {
  const { t } = useTranslation();
  const to = useAVPath();
  const { data, isPending } = usePeopleList();
  const del = useDeletePeople();
  const [deleting, setDeleting] = useState<number | null>(null);

  const confirm = () => {
    if (deleting == null) return;
    del.mutate(deleting, {
      onSuccess: () => toastSuccess(t('messages.people.deleted')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Container size="xl" py="md">
      <Group justify="space-between" mb="md">
        <Title order={2}>{t('people.title')}</Title>
        <Button component={Link} to={to(paths.peopleAdd)}>
          {t('people.add')}
        </Button>
      </Group>
      {isPending ? (
        <Loader data-testid="people-loading" />
      ) : !data?.people.length ? (
        <Text>{t('people.empty')}</Text>
      ) : (
        <ScrollTable minWidth={640} label={t('people.title')}>
          <Table striped withTableBorder data-testid="people-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('people.name')}</Table.Th>
                <Table.Th>{t('people.initials')}</Table.Th>
                <Table.Th>{t('people.username')}</Table.Th>
                <Table.Th>{t('people.type')}</Table.Th>
                <Table.Th>{t('people.locations')}</Table.Th>
                <Table.Th>{t('people.phone')}</Table.Th>
                <Table.Th>{t('people.email')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.people.map((p) => (
                <Table.Tr key={p.id} data-username={p.user}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{p.initials}</Table.Td>
                  <Table.Td>{p.user}</Table.Td>
                  <Table.Td>{t(`people.types.${p.userType}`)}</Table.Td>
                  <Table.Td>{p.locationList}</Table.Td>
                  <Table.Td>{p.phone}</Table.Td>
                  <Table.Td>{p.email}</Table.Td>
                  <Table.Td>
                    <RowActions
                      editTo={to(paths.peopleEdit(p.id))}
                      editLabel={t('people.edit')}
                      deleteLabel={t('people.delete')}
                      onDelete={() => setDeleting(p.id)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <ConfirmDeleteDialog
        opened={deleting != null}
        message={t('messages.people.deleteConfirm')}
        onYes={confirm}
        onNo={() => setDeleting(null)}
        loading={del.isPending}
      />
    </Container>
  );
}

import { Button, Container, Group, Loader, Table, Text, Title } from '@mantine/core';
import { canAccess } from '@sandbar/contract/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { RowActions } from '../../../components/row-actions';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useAVPath } from '../../../lib/av';
import { toastSuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteLocation } from '../api/delete-location';
import { useLocationList } from '../api/get-location-list';
import { ScrollTable } from '../../../components/scroll-table';

/** /config/locations: Name (full name), Initials, Umbrellas, Rows; admins edit, supervisors view. */
export function LocationsListPage() {
  const { t } = useTranslation();
  const to = useAVPath();
  const { data: me } = useCurrentUser();
  const canEdit = !!me && canAccess(me.userType, 'locationsEdit');
  const { data, isPending } = useLocationList();
  const del = useDeleteLocation();
  const [deleting, setDeleting] = useState<number | null>(null);

  const confirm = () => {
    if (deleting == null) return;
    del.mutate(deleting, {
      onSuccess: () => toastSuccess(t('messages.location.deleted')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Container size="lg" py="md">
      <Group justify="space-between" mb="md">
        <Title order={2}>{t('locations.title')}</Title>
        {canEdit && (
          <Button component={Link} to={to(paths.locationAdd)}>
            {t('locations.add')}
          </Button>
        )}
      </Group>
      {isPending ? (
        <Loader data-testid="locations-loading" />
      ) : !data?.locations.length ? (
        <Text>{t('locations.empty')}</Text>
      ) : (
        <ScrollTable minWidth={560} label={t('locations.title')}>
          <Table striped withTableBorder data-testid="locations-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('locations.name')}</Table.Th>
                <Table.Th>{t('locations.initials')}</Table.Th>
                <Table.Th>{t('locations.umbrellas')}</Table.Th>
                <Table.Th>{t('locations.rows')}</Table.Th>
                {canEdit && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.locations.map((l) => (
                <Table.Tr key={l.id} data-initials={l.name}>
                  <Table.Td>{l.fullName}</Table.Td>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td>{l.umbrellas}</Table.Td>
                  <Table.Td>{l.umbrellaRows}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <RowActions
                        editTo={to(paths.locationEdit(l.id))}
                        editLabel={t('locations.edit')}
                        deleteLabel={t('locations.delete')}
                        onDelete={() => setDeleting(l.id)}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <ConfirmDeleteDialog
        opened={deleting != null}
        onYes={confirm}
        onNo={() => setDeleting(null)}
        loading={del.isPending}
      />
    </Container>
  );
}

import { Badge, Button, Container, Group, Loader, Table, Text, Title } from '@mantine/core';
import { type PmsKind } from '@sandbar/contract/pms';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useAVPath } from '../../../lib/av';
import { toastSuccess } from '../../../lib/notify';
import { useDeleteHotel } from '../api/delete-hotel';
import { useHotelList } from '../api/get-hotel-list';
import { ScrollTable } from '../../../components/scroll-table';

/** /config/hotels. */
export function HotelsListPage() {
  const { t } = useTranslation();
  const to = useAVPath();
  const { data, isPending } = useHotelList();
  const del = useDeleteHotel();
  const [deleting, setDeleting] = useState<number | null>(null);

  const confirm = () => {
    if (deleting == null) return;
    del.mutate(deleting, {
      onSuccess: () => toastSuccess(t('messages.hotel.deleted')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Container size="lg" py="md">
      <Group justify="space-between" mb="md">
        <Title order={2}>{t('hotels.title')}</Title>
        <Group gap="xs">
          <Button variant="default" component={Link} to={to(paths.postings)}>
            {t('hotels.postingsLink')}
          </Button>
          <Button component={Link} to={to(paths.hotelAdd)}>
            {t('hotels.add')}
          </Button>
        </Group>
      </Group>
      {isPending ? (
        <Loader />
      ) : !data?.hotels.length ? (
        <Text>{t('hotels.empty')}</Text>
      ) : (
        <ScrollTable minWidth={640} label={t('hotels.title')}>
          <Table striped withTableBorder data-testid="hotels-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('hotels.name')}</Table.Th>
                <Table.Th>{t('hotels.contactName')}</Table.Th>
                <Table.Th>{t('hotels.contactEmail')}</Table.Th>
                <Table.Th>{t('hotels.roomRange')}</Table.Th>
                <Table.Th>{t('hotels.guests')}</Table.Th>
                <Table.Th>{t('hotels.pmsColumn')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.hotels.map((h) => (
                <Table.Tr key={h.id} data-name={h.name}>
                  <Table.Td>
                    {h.name}{' '}
                    {h.isOther === '1' && (
                      <Badge size="xs" variant="light">
                        {t('hotels.other')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{h.contactName}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{h.contactEmail}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{h.roomRange}</Table.Td>
                  <Table.Td>{h.isOther === '1' ? '' : h.guestCount}</Table.Td>
                  <Table.Td data-testid="hotel-system">
                    {h.isOther === '1' ? '' : <HotelSystem kind={h.pms} />}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        component={Link}
                        to={to(paths.hotelEdit(h.id))}
                        leftSection={<IconPencil size={14} />}
                      >
                        {t('hotels.edit')}
                      </Button>
                      {h.isOther !== '1' && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => setDeleting(h.id)}
                          leftSection={<IconTrash size={14} />}
                        >
                          {t('hotels.delete')}
                        </Button>
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
        opened={deleting != null}
        message={t('messages.hotel.deleteConfirm')}
        onYes={confirm}
        onNo={() => setDeleting(null)}
        loading={del.isPending}
      />
    </Container>
  );
}

/** Where the hotel's room charges go (issue 34): its roster, or the PMS it posts to. */
function HotelSystem({ kind }: { kind: PmsKind }) {
  const { t } = useTranslation();
  if (kind === 'roster') return <Text size="sm">{t('hotels.pmsRosterShort')}</Text>;
  return (
    <Badge variant="light" color="teal" styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}>
      {kind === 'mews' ? 'Mews' : 'OPERA Cloud'}
    </Badge>
  );
}

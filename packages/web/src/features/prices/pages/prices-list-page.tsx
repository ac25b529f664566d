import { Button, Container, Group, Loader, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { RowActions } from '../../../components/row-actions';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useAVPath } from '../../../lib/av';
import { useMoney } from '../../../lib/venue-format';
import { toastSuccess } from '../../../lib/notify';
import { useDeletePrice } from '../api/delete-price';
import { usePriceList } from '../api/get-price-list';
import { ScrollTable } from '../../../components/scroll-table';

/** /config/prices: the price list, titled 'Sandbar Prices' (spec section 2 leaves the wording open). */
export function PricesListPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const to = useAVPath();
  const { data, isPending } = usePriceList();
  const del = useDeletePrice();
  const [deleting, setDeleting] = useState<number | null>(null);
  const hotelName = new Map((data?.hotels ?? []).map((h) => [String(h.id), h.name]));

  const confirm = () => {
    if (deleting == null) return;
    del.mutate(deleting, {
      onSuccess: () => toastSuccess(t('messages.price.deleted')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Container size="xl" py="md">
      <Group justify="space-between" mb="md">
        <Title order={2}>{t('prices.title')}</Title>
        <Button component={Link} to={to(paths.priceAdd)}>
          {t('prices.add')}
        </Button>
      </Group>
      {isPending ? (
        <Loader />
      ) : !data?.prices.length ? (
        <Text>{t('prices.empty')}</Text>
      ) : (
        <ScrollTable minWidth={760} label={t('prices.title')}>
          <Table striped withTableBorder data-testid="prices-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('prices.sort')}</Table.Th>
                <Table.Th>{t('prices.name')}</Table.Th>
                <Table.Th>{t('prices.unitType')}</Table.Th>
                <Table.Th>{t('prices.price')}</Table.Th>
                <Table.Th>{t('prices.retailRate')}</Table.Th>
                <Table.Th>{t('prices.hotelRate')}</Table.Th>
                <Table.Th>{t('prices.hours')}</Table.Th>
                <Table.Th>{t('prices.addOn')}</Table.Th>
                <Table.Th>{t('prices.hotel')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.prices.map((p) => (
                <Table.Tr key={p.id} data-name={p.name}>
                  <Table.Td>{p.sort}</Table.Td>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{p.unitType}</Table.Td>
                  <Table.Td>{money(p.price)}</Table.Td>
                  <Table.Td>{money(p.retailRate)}</Table.Td>
                  <Table.Td>{money(p.hotelRate)}</Table.Td>
                  <Table.Td>
                    {p.startTime}–{p.endTime}
                  </Table.Td>
                  <Table.Td>{p.addOn === '1' ? t('prices.yes') : ''}</Table.Td>
                  <Table.Td>
                    {p.allHotels === '1'
                      ? t('prices.allHotels')
                      : p.projectHotels
                          .split(',')
                          .filter(Boolean)
                          .map((id) => hotelName.get(id) ?? id)
                          .join(', ')}
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      editTo={to(paths.priceEdit(p.id))}
                      editLabel={t('prices.edit')}
                      deleteLabel={t('prices.delete')}
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
        message={t('messages.price.deleteConfirm')}
        onYes={confirm}
        onNo={() => setDeleting(null)}
        loading={del.isPending}
      />
    </Container>
  );
}

import { Alert, Anchor, Badge, Center, Container, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { Unit } from '@sandbar/contract/units';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { useAVPath } from '../../../lib/av';
import { useMoney } from '../../../lib/venue-format';
import { useSearchUnits } from '../api/search-units';
import { ScrollTable } from '../../../components/scroll-table';

const statusColor = ['gray', 'green', 'red', 'yellow', 'blue', 'gray', 'dark'];

/** /search?searchTerm=: the units and customers of today's board that match (spec section 2). */
export function SearchPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const [params] = useSearchParams();
  const av = useAVPath();
  const term = params.get('searchTerm')?.trim() ?? '';
  const { data, isPending, error } = useSearchUnits(term);
  const units = useMemo<Unit[]>(() => {
    if (!data?.search) return [];
    const ids = new Set(data.search.unitIds);
    return data.locations.flatMap((l) => l.units.flat()).filter((u) => ids.has(u.id));
  }, [data]);
  const customers = units.flatMap((u) =>
    u.customers
      .filter(
        (c) =>
          !term ||
          c.customerName.toLowerCase().includes(term.toLowerCase()) ||
          c.receiptPhone.includes(term) ||
          c.receiptEmail.toLowerCase().includes(term.toLowerCase()),
      )
      .map((c) => ({ c, u })),
  );
  const names = t('board.statusNames', { returnObjects: true }) as string[];
  const open = (u: Unit) => av(`${paths.dashboardUnit(u.id, data!.currentTime)}`);

  return (
    <Container py="md" data-testid="search-page">
      <Stack gap="md">
        <Title order={2}>{t('board.search.title')}</Title>
        {!term ? (
          <Alert color="yellow" title={t('messages.search.emptyTitle')}>
            {t('messages.search.emptyBody')}
          </Alert>
        ) : isPending ? (
          <Center>
            <Loader />
          </Center>
        ) : error ? (
          <Alert color="red">{error.message}</Alert>
        ) : (
          <>
            <Text data-testid="search-summary">
              {t('messages.search.searchingFor')} <b>{term}</b> · {t('board.results', { count: units.length })}
            </Text>
            {units.length === 0 && <Text c="dimmed">{t('board.search.none')}</Text>}
            {units.length > 0 && (
              <>
                <Title order={3} size="h4">
                  {t('board.search.units')}
                </Title>
                <ScrollTable minWidth={600} label={t('board.search.units')}>
                  <Table striped withTableBorder data-testid="search-units">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('board.search.unit')}</Table.Th>
                        <Table.Th>{t('board.search.status')}</Table.Th>
                        <Table.Th>{t('board.search.price')}</Table.Th>
                        <Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {units.map((u) => (
                        <Table.Tr key={u.id}>
                          <Table.Td>
                            {u.location} {u.unitNumber || '—'}{' '}
                            <Text span size="xs" c="dimmed">
                              {t('board.rowPosition', { row: u.row, position: u.position })}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Badge color={statusColor[u.unitStatus]} variant="light">
                              {names[u.unitStatus]}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{u.totalPrice !== '0.00' ? money(u.totalPrice) : ''}</Table.Td>
                          <Table.Td>
                            <Anchor component={Link} to={open(u)}>
                              {t('board.search.open')}
                            </Anchor>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollTable>
              </>
            )}
            {customers.length > 0 && (
              <>
                <Title order={3} size="h4">
                  {t('board.search.customers')}
                </Title>
                <ScrollTable minWidth={600} label={t('board.search.customers')}>
                  <Table striped withTableBorder data-testid="search-customers">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('board.search.customer')}</Table.Th>
                        <Table.Th>{t('board.search.unit')}</Table.Th>
                        <Table.Th>{t('board.search.payment')}</Table.Th>
                        <Table.Th>{t('board.search.price')}</Table.Th>
                        <Table.Th>{t('board.search.contact')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {customers.map(({ c, u }) => (
                        <Table.Tr key={c.id}>
                          <Table.Td>{c.customerName}</Table.Td>
                          <Table.Td>
                            <Anchor component={Link} to={open(u)}>
                              {u.location} {u.unitNumber}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>
                            {t(`paymentMethods.${c.paymentMethod}`, { defaultValue: c.paymentMethod })}
                          </Table.Td>
                          <Table.Td>{money(c.price)}</Table.Td>
                          <Table.Td>{c.receiptPhone || c.receiptEmail}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollTable>
              </>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

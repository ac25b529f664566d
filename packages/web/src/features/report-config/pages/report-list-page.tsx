import { Button, Container, Loader, Table, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useAVPath } from '../../../lib/av';
import { useReportList } from '../api/report-list';
import { ScrollTable } from '../../../components/scroll-table';

/** /config/reports: Name, Emails, Report Type and an edit button (spec section 2). */
export function ReportListPage() {
  const { t } = useTranslation();
  const to = useAVPath();
  const { data, isPending } = useReportList();
  return (
    <Container size="lg" py="md">
      <Title order={2} mb="md">
        {t('reportConfig.title')}
      </Title>
      {isPending ? (
        <Loader />
      ) : !data?.reports.length ? (
        <Text>{t('reportConfig.empty')}</Text>
      ) : (
        <ScrollTable minWidth={560} label={t('reportConfig.title')}>
          <Table striped withTableBorder data-testid="report-config-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reportConfig.name')}</Table.Th>
                <Table.Th>{t('reportConfig.emails')}</Table.Th>
                <Table.Th>{t('reportConfig.reportType')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.reports.map((r) => (
                <Table.Tr key={r.ID} data-type={r.reportType}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.emailAddresses}</Table.Td>
                  <Table.Td>{r.reportType}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      component={Link}
                      to={to(paths.reportsConfigEdit(r.ID))}
                      leftSection={<IconPencil size={14} />}
                      aria-label={`${t('reportConfig.edit')} ${r.name}`}
                    >
                      {t('reportConfig.edit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Container>
  );
}

import { Button, Group, Stack } from '@mantine/core';
import { type ReportData, isRoomChargeType, selectableReportTypes, tipReportTypes } from '@sandbar/contract/reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { toastSuccess } from '../../../lib/notify';
import {
  deleteMultiTransaction,
  deleteTipMultiTransaction,
  deleteTransaction,
  useCorrection,
} from '../api/corrections';
import { HourlyReport, SalesSplit, UserLogReport } from './grouped-report';
import { type RowMeta, ReportTable } from './report-table';
import {
  EditPriceModal,
  EditTipModal,
  ReasonInput,
  RestoreModal,
  SwitchHotelModal,
  ViewTransactionModal,
} from './transaction-modals';

/**
 * Picks the renderer of a report type (spec section 2) and, for admins, the corrections:
 * row checkboxes, check-all and 'Delete All Selected' on allTransactions and the tip reports;
 * edit price and switch hotel only where the second-to-last column is 1.
 */
export function ReportView({ data, isAdmin, reportTime }: { data: ReportData; isAdmin: boolean; reportTime: number }) {
  const { t } = useTranslation();
  const type = data.reportType;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirm, setConfirm] = useState<{ ids: number[] } | null>(null);
  const [view, setView] = useState<number | null>(null);
  const [price, setPrice] = useState<{ id: number; price: string } | null>(null);
  const [tipId, setTipId] = useState<number | null>(null);
  const [switchId, setSwitchId] = useState<number | null>(null);
  const [restoreId, setRestoreId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const del = useCorrection(deleteTransaction);
  const delMany = useCorrection(deleteMultiTransaction);
  const delTips = useCorrection(deleteTipMultiTransaction);

  if (type === 'hourlySales') return <HourlyReport data={data} />;
  if (type === 'userLog') return <UserLogReport data={data} />;

  const selectable = isAdmin && selectableReportTypes.includes(type);
  const tips = tipReportTypes.includes(type);
  const roomCharge = isRoomChargeType(type);
  const priceCol = data.reportHeaders.indexOf('Price');
  const methodCol = data.reportHeaders.indexOf('Method');

  const onDelete = async () => {
    if (!confirm) return;
    const ids = confirm.ids;
    const why = reason.trim();
    const r = tips
      ? await delTips.mutateAsync({ deleteIds: ids.join(','), reportTime, reason: why })
      : ids.length === 1
        ? await del.mutateAsync({ deleteId: ids[0]!, reportTime, reportType: type, reason: why })
        : await delMany.mutateAsync({ deleteIds: ids.join(','), reportTime, reason: why });
    toastSuccess(r.details);
    setConfirm(null);
    setReason('');
    setSelected(new Set());
  };

  const actions =
    isAdmin && (selectable || roomCharge)
      ? (m: RowMeta) => (
          <Group gap="xs" className="row-actions">
            <Button variant="default" onClick={() => setView(m.id)}>
              {t('reports.view')}
            </Button>
            {!m.deleted && selectable && (
              <Button color="red" variant="light" onClick={() => setConfirm({ ids: [m.id] })}>
                {t('reports.delete')}
              </Button>
            )}
            {m.deleted && (
              <Button color="teal" variant="light" onClick={() => setRestoreId(m.id)}>
                {t('reports.restore')}
              </Button>
            )}
            {m.editable && !tips && (
              <Button variant="light" onClick={() => setPrice({ id: m.id, price: String(m.row[priceCol] ?? '') })}>
                {t('reports.editPrice')}
              </Button>
            )}
            {m.editable && tips && (
              <Button variant="light" onClick={() => setTipId(m.id)}>
                {t('reports.editTip')}
              </Button>
            )}
            {m.editable && (roomCharge || m.row[methodCol] === 'Room Charge') && (
              <Button variant="light" onClick={() => setSwitchId(m.id)}>
                {t('reports.switchHotel')}
              </Button>
            )}
          </Group>
        )
      : undefined;

  return (
    <Stack gap="sm">
      {selectable && (
        <Group className="no-print">
          <Button
            color="red"
            variant="light"
            disabled={selected.size === 0}
            onClick={() => setConfirm({ ids: [...selected] })}
          >
            {t('messages.report.deleteAllSelected')}
          </Button>
        </Group>
      )}
      <ReportTable
        headers={data.reportHeaders}
        rows={data.reportRows}
        footer={data.reportFooter}
        selection={selectable ? { selected, onChange: setSelected } : undefined}
        actions={actions}
      />
      <SalesSplit data={data} />
      <ConfirmDeleteDialog
        opened={confirm != null}
        message={
          confirm?.ids.length === 1
            ? t('messages.report.deleteTransactionConfirm')
            : t('messages.report.deleteTransactionsConfirm')
        }
        loading={del.isPending || delMany.isPending || delTips.isPending}
        yesDisabled={!reason.trim()}
        onYes={() => void onDelete()}
        onNo={() => {
          setConfirm(null);
          setReason('');
        }}
      >
        <ReasonInput value={reason} onChange={setReason} />
      </ConfirmDeleteDialog>
      <RestoreModal id={restoreId} onClose={() => setRestoreId(null)} />
      <ViewTransactionModal id={view} onClose={() => setView(null)} />
      <EditPriceModal target={price} reportType={type} reportTime={reportTime} onClose={() => setPrice(null)} />
      <EditTipModal id={tipId} onClose={() => setTipId(null)} />
      <SwitchHotelModal id={switchId} onClose={() => setSwitchId(null)} />
    </Stack>
  );
}

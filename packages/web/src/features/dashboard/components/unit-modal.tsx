import { Alert, Button, Center, Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import {
  type DashboardData,
  type UnitDetail,
  type UnitTab,
  numberOnlyTypes,
  openingTab,
  unitTabs,
} from '@sandbar/contract/units';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LeaveGuard, type UnitSlotContext, useUnitModalSlots } from '../../../app/unit-modal-slots';
import { usePendingSale } from '../../../lib/sale-queue';
import { useUnit } from '../api/get-unit';
import { unitsKeys } from '../api/keys';
import { useMoveCustomer } from '../api/move-customer';
import { moveStore, usePendingMove } from '../move-store';
import { CustomersTab, OccupancyActions, SoldUnitNotice } from './customers-tab';
import { EntriesTab } from './entries-tab';
import { PendingSaleNotice } from './pending-sale-notice';
import { SetUnitForm } from './set-unit-form';
import '../../../app/touch-targets.css';

export const unitLabel = (u: { location: string; unitNumber: number; row: number; position: number }) =>
  `${u.location} ${u.unitNumber || `${u.row}-${u.position}`}`;

/** The 'Move Customer' panel (spec section 2): confirm on the target, cancel on the source. */
function MovePanel({ unit, ctx }: { unit: UnitDetail; ctx: UnitSlotContext }) {
  const { t } = useTranslation();
  const move = usePendingMove();
  const mutation = useMoveCustomer();
  if (!move) return null;
  const isSource = move.unitId === unit.id;
  // The server takes a customer only onto an empty (0) or left (3) unit: say so before the tap.
  const blocked = !isSource && ![0, 3].includes(unit.unitStatus);
  return (
    <Alert color="orange" title={t('messages.unit.moveCustomer')} data-testid="move-panel" mb="sm">
      <Stack gap="xs">
        <Text size="sm">
          {isSource
            ? t('messages.unit.cancelMoving')
            : blocked
              ? t('board.moveTargetTaken', { unit: unitLabel(unit) })
              : t('messages.unit.moveToThisUnit')}
        </Text>
        <Group gap="xs">
          {!isSource && !blocked && (
            <Button
              color="orange"
              loading={mutation.isPending}
              onClick={() =>
                mutation.mutate(
                  {
                    oldUnitData: {
                      unitId: move.unitId,
                      unitDBId: move.unitId,
                      customerId: move.customerId,
                      version: move.version,
                    },
                    newUnitData: { unitId: unit.id, unitDBId: unit.id, version: unit.version },
                    timeStamp: move.timeStamp,
                  },
                  {
                    // A moveCustomer answer clears the pending move and closes the modal (spec section 4).
                    onSuccess: (r) => {
                      if (r.moveCustomer) moveStore.set(null);
                      ctx.close();
                    },
                  },
                )
              }
            >
              {t('messages.unit.confirmMove')}
            </Button>
          )}
          <Button variant="default" onClick={() => moveStore.set(null)}>
            {t('messages.unit.cancelMove')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export interface UnitModalProps {
  unitId: number;
  /** The board's day: a 10-digit timestamp or 'today'. */
  day: number | 'today';
  /** The day's timestamp (for calls that take one). */
  timeStamp: number;
  tab: string | undefined;
  onTab: (tab: UnitTab) => void;
  onClose: () => void;
}

/** The unit modal: tabs Number, New Customer, Customers, Log, Notes (T and P: Number only). */
export function UnitModal({ unitId, day, timeStamp, tab, onTab, onClose }: UnitModalProps) {
  const { t } = useTranslation();
  const slots = useUnitModalSlots();
  const { data: unit, isPending, error, refetch } = useUnit(unitId, day);
  // Sold on this tablet, not yet on the server (issue 23): shown as sold, never offered again.
  // Only a sale queued before the modal opened: the one being completed in it closes it itself.
  const [openedAt] = useState(() => Date.now());
  const queued = usePendingSale(unitId);
  const pendingSale = queued && queued.takenAt < openedAt && unit && ![2, 4].includes(unit.unitStatus) ? queued : null;
  // A sale in progress is not thrown away by a stray tap on the backdrop or Escape: ask first.
  const [guard, setGuard] = useState<LeaveGuard | null>(null);
  const [asking, setAsking] = useState(false);
  const requestClose = () => (guard ? setAsking(true) : onClose());
  // A reserved unit opens on its booking; the sale wizard starts only from its Check in (issue 32).
  const [checkInId, setCheckInId] = useState<number | null>(null);
  const qc = useQueryClient();
  const ctx = useMemo<UnitSlotContext | null>(
    () =>
      unit
        ? {
            unit,
            day: unit.day,
            timeStamp,
            close: onClose,
            refresh: () => void refetch(),
            guardLeave: (g) => {
              setGuard(g);
              if (!g) setAsking(false);
            },
            openTab: onTab,
            checkInId,
            startCheckIn: (id) => {
              setCheckInId(id);
              onTab('newCustomer');
            },
            // A booking's Move names a unit by its number: found on the board this tablet shows.
            resolveUnit: (n) => {
              for (const [, board] of qc.getQueriesData<DashboardData>({ queryKey: unitsKeys.boards() })) {
                const loc = board?.locations.find((l) => l.id === unit.locationId);
                const found = loc?.units.flat().find((u) => u.unitNumber === n);
                if (found) return found.id;
              }
              return null;
            },
          }
        : null,
    [unit, timeStamp, onClose, refetch, onTab, checkInId, qc],
  );
  const numberOnly = unit ? numberOnlyTypes.includes(unit.unitType) : false;
  const tabs: readonly UnitTab[] = numberOnly ? ['number'] : unitTabs;
  const active: UnitTab | null = unit
    ? tab && (tabs as readonly string[]).includes(tab)
      ? (tab as UnitTab)
      : openingTab(unit)
    : null;
  return (
    <Modal
      opened
      onClose={requestClose}
      size="lg"
      // Thumb-sized (issue 12): every control in the modal at least 48 px high (app/touch-targets.css).
      className="touch-targets"
      title={unit ? t('board.unitTitle', { label: unitLabel(unit) }) : ''}
      data-testid="unit-modal"
    >
      {isPending && (
        <Center py="lg">
          <Loader />
        </Center>
      )}
      {error && <Alert color="red">{(error as Error).message}</Alert>}
      {asking && guard && (
        <Alert color="yellow" mb="sm" data-testid="leave-guard" role="alertdialog">
          <Stack gap="xs">
            <Text size="sm">{guard.message}</Text>
            <Group gap="xs">
              <Button onClick={() => setAsking(false)}>{guard.stay}</Button>
              <Button variant="default" onClick={onClose}>
                {guard.leave}
              </Button>
              <Button
                variant="subtle"
                color="red"
                onClick={() => {
                  guard.onDiscard();
                  onClose();
                }}
              >
                {guard.discard}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {unit && ctx && active && (
        <>
          <Text size="xs" c="dimmed" mb="xs">
            {t('board.rowPosition', { row: unit.row, position: unit.position })} ·{' '}
            {pendingSale
              ? t('offline.pending')
              : unit.unitStatus === 1 && unit.reservations?.length
                ? t('board.reserved')
                : unit.saleDeleted
                  ? t('board.saleDeletedStatus')
                  : (t('board.statusNames', { returnObjects: true }) as string[])[unit.unitStatus]}{' '}
            · {unit.day}
          </Text>
          {!numberOnly && <MovePanel unit={unit} ctx={ctx} />}
          {unit.reservations?.length ? slots.renderReservation?.(ctx) : null}
          {!numberOnly && slots.renderUnitFnb?.(ctx)}
          <Tabs value={active} onChange={(v) => v && onTab(v as UnitTab)} keepMounted={false}>
            <Tabs.List mb="sm">
              {tabs.map((k) => (
                <Tabs.Tab key={k} value={k}>
                  {t(`board.tabs.${k}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="number">
              <SetUnitForm key={`${unit.id}-${unit.version}`} unit={unit} />
            </Tabs.Panel>
            {!numberOnly && (
              <>
                <Tabs.Panel value="newCustomer">
                  {/* Paid (2) and room-charged (4) units are not sold again (DESIGN.md section 5). */}
                  {pendingSale ? (
                    <PendingSaleNotice sale={pendingSale} />
                  ) : [2, 4].includes(unit.unitStatus) && !guard?.sending ? (
                    <SoldUnitNotice unit={unit} ctx={ctx} />
                  ) : slots.renderNewCustomer && unit.editable ? (
                    slots.renderNewCustomer(ctx)
                  ) : (
                    <Group>
                      <OccupancyActions unit={unit} ctx={ctx} />
                    </Group>
                  )}
                </Tabs.Panel>
                <Tabs.Panel value="customers">
                  {pendingSale && <PendingSaleNotice sale={pendingSale} />}
                  <CustomersTab unit={unit} ctx={ctx} pending={!!pendingSale} />
                </Tabs.Panel>
                <Tabs.Panel value="log">
                  <EntriesTab unit={unit} kind="log" timeStamp={timeStamp} />
                </Tabs.Panel>
                <Tabs.Panel value="notes">
                  <EntriesTab unit={unit} kind="note" timeStamp={timeStamp} />
                </Tabs.Panel>
              </>
            )}
          </Tabs>
        </>
      )}
    </Modal>
  );
}

import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { UnitCustomer, UnitDetail } from '@sandbar/contract/units';
import { useTranslation } from 'react-i18next';
import type { UnitSlotContext } from '../../../app/unit-modal-slots';
import { useUnitModalSlots } from '../../../app/unit-modal-slots';
import { useMarkEmpty } from '../api/mark-empty';
import { useMarkOccupied } from '../api/mark-occupied';
import { useMarkOccupiedEmpty } from '../api/mark-occupied-empty';
import { useReseatCustomer } from '../api/reseat-customer';
import { businessDay } from '@sandbar/contract/rules/time';
import { useCurrentUser } from '../../../lib/session';
import { useMoney, useVenueTime } from '../../../lib/venue-format';
import { type PendingMove, moveStore } from '../move-store';

// Errors are already toasted by the API client; the modal stays open on them. Closing through the
// promise (not mutate's onSuccess) still works when the refetched unit has moved the modal to
// another tab and unmounted this one.
const ignore = () => undefined;

/** Unit-level actions: occupied can be marked empty, non-occupied can be marked occupied (spec 4). */
export function OccupancyActions({ unit, ctx }: { unit: UnitDetail; ctx: UnitSlotContext }) {
  const { t } = useTranslation();
  const occupy = useMarkOccupied();
  const emptyOccupied = useMarkOccupiedEmpty();
  const body = { unitData: { unitId: unit.id, version: unit.version, timeStamp: ctx.timeStamp } };
  if (!unit.editable) return null;
  if ([0, 1, 3].includes(unit.unitStatus)) {
    return (
      <Button loading={occupy.isPending} onClick={() => void occupy.mutateAsync(body).then(ctx.close, ignore)}>
        {t('board.markOccupied')}
      </Button>
    );
  }
  if (unit.unitStatus === 5) {
    return (
      <Button
        color="gray"
        loading={emptyOccupied.isPending}
        onClick={() => void emptyOccupied.mutateAsync(body).then(ctx.close, ignore)}
      >
        {t('board.markEmpty')}
      </Button>
    );
  }
  return null;
}

/** ' by Admin at 10:12 AM', ' at 10:12 AM' or '': who deleted a customer's sale and when, as far as known. */
function useDeletedByWhom() {
  const { t } = useTranslation();
  const time = useVenueTime();
  return (c: UnitCustomer) =>
    c.deletedBy && c.deletedAt
      ? t('board.deletedByWhom', { name: c.deletedBy, time: time(c.deletedAt) })
      : c.deletedAt
        ? t('board.deletedAtTime', { time: time(c.deletedAt) })
        : '';
}

/** Move (confirm text 'Move this customer?'): records the pending move and closes the modal. */
function useStartMove(unit: UnitDetail, ctx: UnitSlotContext) {
  const { t } = useTranslation();
  return (customerId: number | null, customerName: string) => {
    if (!window.confirm(t('messages.unit.moveConfirm'))) return;
    const move: PendingMove = {
      unitId: unit.id,
      customerId,
      customerName,
      label: `${unit.location} ${unit.unitNumber || `${unit.row}-${unit.position}`}`,
      timeStamp: ctx.timeStamp,
      version: unit.version,
    };
    moveStore.set(move);
    ctx.close();
  };
}

/**
 * New Customer on a paid (2) or room-charged (4) unit: not offered (DESIGN.md section 5). Says
 * who is seated and how they paid, and offers what frees the unit: Mark Empty or Move.
 */
export function SoldUnitNotice({ unit, ctx }: { unit: UnitDetail; ctx: UnitSlotContext }) {
  const { t } = useTranslation();
  const markEmpty = useMarkEmpty();
  const startMove = useStartMove(unit, ctx);
  const time = useVenueTime();
  const money = useMoney();
  const byWhom = useDeletedByWhom();
  const seated = unit.customers.find((c) => c.state === 'seated') ?? unit.customers[unit.customers.length - 1];
  // An admin deleted the sale (issue 32): say so; the only thing left to do is free the unit.
  const deleted = seated?.deleted === true;
  return (
    <Stack gap="sm" data-testid="sold-unit-notice" data-deleted={deleted ? 'true' : undefined}>
      <Alert color={deleted ? 'gray' : 'red'} variant="light">
        {t(deleted ? 'board.deletedNotice' : 'board.soldNotice', {
          byWhom: seated ? byWhom(seated) : '',
          unit: `${unit.location} ${unit.unitNumber || `${unit.row}-${unit.position}`}`,
          name: seated?.customerName || '—',
          method: seated?.paymentMethod
            ? t(`paymentMethods.${seated.paymentMethod}`, { defaultValue: seated.paymentMethod })
            : '',
          price: money(seated?.price ?? '0.00'),
          time: seated ? time(seated.epoc) : '',
        })}
      </Alert>
      {unit.editable && seated && (
        <Group gap="xs">
          <Button
            color="yellow"
            variant="light"
            loading={markEmpty.isPending}
            onClick={() =>
              void markEmpty
                .mutateAsync({
                  unitData: { unitId: unit.id, customerId: seated.id, version: unit.version, timeStamp: ctx.timeStamp },
                })
                .then(ctx.close, ignore)
            }
          >
            {t('board.markEmpty')}
          </Button>
          {!deleted && (
            <Button variant="light" onClick={() => startMove(seated.id, seated.customerName)}>
              {t('board.move')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** Customers tab: the day's customers with re-seat, mark empty and move (spec section 2). */
export function CustomersTab({
  unit,
  ctx,
  pending = false,
}: {
  unit: UnitDetail;
  ctx: UnitSlotContext;
  /** A sale for this unit waits on this tablet: it is not empty, and not to be marked occupied. */
  pending?: boolean;
}) {
  const { t } = useTranslation();
  const slots = useUnitModalSlots();
  const markEmpty = useMarkEmpty();
  const reseat = useReseatCustomer();
  const startMove = useStartMove(unit, ctx);
  const time = useVenueTime();
  const money = useMoney();
  const timeZone = useCurrentUser().data?.timeZone ?? 'America/New_York';
  const isToday = unit.day === businessDay(Date.now(), timeZone);
  const byWhom = useDeletedByWhom();
  return (
    <Stack gap="sm">
      {unit.heldBy && <Text c="green.8">{t('board.heldBy', { name: unit.heldBy })}</Text>}
      {unit.customers.length === 0 && !pending && (
        <Text c="dimmed">{isToday ? t('board.noCustomers') : t('board.noCustomersOn', { day: unit.day })}</Text>
      )}
      {unit.customers.map((c) => (
        <Paper key={c.id} withBorder p="xs" data-customer={c.id}>
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={600}>{c.customerName || '—'}</Text>
              <Text size="xs" c="dimmed">
                {time(c.epoc)} · {t(`paymentMethods.${c.paymentMethod}`, { defaultValue: c.paymentMethod })} ·{' '}
                {money(c.price)}
                {c.receiptPhone ? ` · ${c.receiptPhone}` : ''}
                {c.receiptEmail ? ` · ${c.receiptEmail}` : ''}
              </Text>
              {c.deleted && (
                <Text size="xs" c="dimmed" data-testid="deleted-line">
                  {t('board.deletedLine', { byWhom: byWhom(c) })}
                </Text>
              )}
            </div>
            {/* A deleted sale's customer is not "seated" as a paying one: the badge says what happened. */}
            <Badge
              color={c.deleted ? 'dark' : c.state === 'seated' ? 'red' : 'yellow'}
              variant="light"
              style={{ flexShrink: 0 }}
            >
              {c.deleted ? t('board.deletedBadge') : c.state === 'seated' ? t('board.seated') : t('board.left')}
            </Badge>
          </Group>
          {unit.editable && (
            <Group gap="xs" mt="xs">
              {c.state === 'seated' && [2, 4].includes(unit.unitStatus) && (
                <>
                  <Button
                    variant="light"
                    color="yellow"
                    loading={markEmpty.isPending}
                    onClick={() =>
                      void markEmpty
                        .mutateAsync({
                          unitData: {
                            unitId: unit.id,
                            customerId: c.id,
                            version: unit.version,
                            timeStamp: ctx.timeStamp,
                          },
                        })
                        .then(ctx.close, ignore)
                    }
                  >
                    {t('board.markEmpty')}
                  </Button>
                  {!c.deleted && (
                    <Button variant="light" onClick={() => startMove(c.id, c.customerName)}>
                      {t('board.move')}
                    </Button>
                  )}
                </>
              )}
              {c.state === 'left' && unit.unitStatus === 3 && !c.deleted && (
                <Button
                  variant="light"
                  color="red"
                  loading={reseat.isPending}
                  onClick={() =>
                    void reseat
                      .mutateAsync({
                        unitData: {
                          unitId: unit.id,
                          customerId: c.id,
                          version: unit.version,
                          timeStamp: ctx.timeStamp,
                        },
                      })
                      .then(ctx.close, ignore)
                  }
                >
                  {t('board.reseat')}
                </Button>
              )}
              {/* Receipts of a deleted sale are not resent, edited or printed. */}
              {!c.deleted && slots.renderCustomerActions?.({ ...ctx, customerId: c.id })}
            </Group>
          )}
        </Paper>
      ))}
      <Group gap="xs">
        {!pending && <OccupancyActions unit={unit} ctx={ctx} />}
        {unit.editable && !pending && unit.unitStatus === 5 && (
          <Button variant="light" onClick={() => startMove(null, '')}>
            {t('board.move')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

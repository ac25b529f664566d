import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { FnbOrder } from '@sandbar/contract/fnb';
import { fnbName, fnbPrice } from '@sandbar/contract/fnb-texts';
import { canAccess } from '@sandbar/contract/roles';
import { useMemo, useState } from 'react';
import { type UnitSlotContext, useUnitModalSlots } from '../../../app/unit-modal-slots';
import { toastSuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { useFnbOrders, useUnitTab } from '../api/orders';
import { useFnbTexts } from '../use-fnb-texts';
import { RefundOnline } from './refund-online';
import { StaffOrder } from './staff-order';

const unitName = (u: { location: string; unitNumber: number; row: number; position: number }) =>
  `${u.location} ${u.unitNumber || `${u.row}-${u.position}`}`;

/** The board's marker: units with an order on its way today (refetched on every fnbOrder event). */
export function useUnitsWithOrderOnWay(day: string): ReadonlySet<number> {
  const { data } = useFnbOrders({ day: day || undefined }, day !== '');
  return useMemo(() => new Set((data?.orders ?? []).filter((o) => o.status === 'on_way').map((o) => o.unitId)), [data]);
}

/** The unit modal's F&B (issue 35 points 6 and 7): Order, today's orders, the tab and Settle. */
export function UnitFnb({ ctx }: { ctx: UnitSlotContext }) {
  const { t, lang } = useFnbTexts();
  const slots = useUnitModalSlots();
  const unit = ctx.unit;
  const label = unitName(unit);
  const [ordering, setOrdering] = useState(false);
  const [settling, setSettling] = useState(false);
  const tab = useUnitTab(unit.id);
  const orders = useFnbOrders({ unitId: unit.id, day: ctx.day });
  const [refunding, setRefunding] = useState<FnbOrder | null>(null);
  const { data: user } = useCurrentUser();
  // Money the guest paid online that a supervisor may give back (decision 369).
  const refundable =
    user && canAccess(user.userType, 'fnbRefund')
      ? (orders.data?.orders ?? []).filter(
          (o) => o.paidOnline && o.status !== 'voided' && o.refundedCents < o.totalCents,
        )
      : [];
  const open = (orders.data?.orders ?? []).filter((o) => o.status !== 'delivered' && o.status !== 'voided');
  const openTab = tab.data?.tab?.status === 'open' ? tab.data.tab : null;
  // Only today's unit takes orders (the editing window's other days are for the record).
  const today = (unit as { editable?: boolean }).editable !== false;
  return (
    <Paper withBorder p="xs" mb="sm" data-testid="unit-fnb">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          {today && (
            <Button onClick={() => setOrdering(true)} data-testid="fnb-order-button">
              {t.staff.order}
            </Button>
          )}
          {open.map((o) => (
            <Badge
              key={o.id}
              color={o.status === 'on_way' ? 'orange' : 'sea'}
              variant="light"
              data-testid="unit-fnb-order"
            >
              #{o.number} · {t.guest.statuses[o.status]}
            </Badge>
          ))}
        </Group>
        {tab.data?.tab?.status === 'settled' && (
          <Badge color="green" variant="light" data-testid="unit-tab-paid">
            {t.staff.tabPaid(
              fnbPrice(tab.data.tab.orders.filter((o) => o.status !== 'voided').reduce((n, o) => n + o.totalCents, 0)),
            )}
          </Badge>
        )}
        {openTab && (
          <Group gap="xs" data-testid="unit-tab">
            <Text fw={600} size="sm">
              {t.staff.tab}: {fnbPrice(openTab.totalCents)}
            </Text>
            <Button variant="light" onClick={() => setSettling(true)} disabled={openTab.totalCents === 0}>
              {t.staff.settle}
            </Button>
          </Group>
        )}
      </Group>
      {refundable.length > 0 && (
        <Stack gap={2} mt="xs" data-testid="unit-fnb-online">
          {refundable.map((o) => (
            <Group key={o.id} gap="xs">
              <Text size="sm">
                #{o.number} · {t.refunds.paidOnline(fnbPrice(o.totalCents - o.refundedCents))}
              </Text>
              <Button size="compact-sm" variant="light" color="red" onClick={() => setRefunding(o)}>
                {t.refunds.refund}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Modal
        opened={refunding != null}
        onClose={() => setRefunding(null)}
        title={refunding ? t.refunds.refundOf(`#${refunding.number} · ${label}`) : ''}
      >
        {refunding && (
          <RefundOnline
            order={refunding}
            onDone={() => {
              setRefunding(null);
              void orders.refetch();
            }}
          />
        )}
      </Modal>
      <Modal opened={ordering} onClose={() => setOrdering(false)} title={t.staff.orderFor(label)} size="lg">
        {ordering && (
          <StaffOrder
            unitId={unit.id}
            unitLabel={label}
            guestName={unit.customers.at(-1)?.customerName ?? ''}
            onDone={() => {
              setOrdering(false);
              void tab.refetch();
              void orders.refetch();
            }}
          />
        )}
      </Modal>
      <Modal opened={settling} onClose={() => setSettling(false)} title={t.staff.tabOf(label)} size="lg">
        {settling && openTab && (
          <Stack gap="sm">
            <Stack gap={2} data-testid="tab-orders">
              {openTab.orders.map((o) => (
                <Text key={o.id} size="sm">
                  #{o.number} · {o.lines.map((l) => `${l.quantity} × ${fnbName(lang, l.name, l.nameEs)}`).join(', ')} ·{' '}
                  <b>{fnbPrice(o.totalCents)}</b>
                </Text>
              ))}
              <Text fw={700}>{fnbPrice(openTab.totalCents)}</Text>
            </Stack>
            {open.some((o) => o.tabId === openTab.id) && <Alert color="yellow">{t.errors.tabHasOpenOrders}</Alert>}
            {slots.renderSettleTab?.({
              tab: openTab,
              unitLabel: label,
              onSettled: () => {
                toastSuccess(t.staff.settled);
                setSettling(false);
                void tab.refetch();
                ctx.refresh();
              },
            })}
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}

export const renderUnitFnb = (ctx: UnitSlotContext) => <UnitFnb ctx={ctx} />;

import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FnbRefund, FnbTab } from '@sandbar/contract/fnb';
import { fnbName, fnbPrice } from '@sandbar/contract/fnb-texts';
import { canAccess } from '@sandbar/contract/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useUnitModalSlots } from '../../../app/unit-modal-slots';
import { ApiError, api } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { fnbKeys } from '../api/keys';
import { useFnbTexts } from '../use-fnb-texts';

/**
 * Needs attention (issue 35 point 7, decision 368): F&B tabs still open after their day in the
 * user's locations (GET /getFnbAttention), so a tab nobody settled at closing is seen the next
 * morning — and settled from here by a supervisor or a manager with the sale wizard's steps; and,
 * for supervisors and admins, the online refunds the payment provider has not accepted yet, each
 * with the provider's words and a Retry.
 */
export function FnbAttention({ enabled }: { enabled: boolean }) {
  const { t, lang } = useFnbTexts();
  const slots = useUnitModalSlots();
  const qc = useQueryClient();
  const { data: user } = useCurrentUser();
  const mayRefund = !!user && canAccess(user.userType, 'fnbRefund');
  const maySettle = !!user && canAccess(user.userType, 'fnbPastTab');
  const [settling, setSettling] = useState<FnbTab | null>(null);
  const { data, refetch } = useQuery({
    queryKey: [...fnbKeys.all, 'attention'],
    queryFn: () => api<{ tabs: FnbTab[] }>('/getFnbAttention', { silent: true }),
    enabled,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  const refunds = useQuery({
    queryKey: [...fnbKeys.all, 'refunds'],
    queryFn: () => api<{ refunds: FnbRefund[] }>('/getFnbRefunds', { silent: true }),
    enabled: enabled && mayRefund,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
  const retry = useMutation({
    mutationFn: (id: number) =>
      api<{ details: string; refund: FnbRefund }>('/retryFnbRefund', { method: 'POST', body: { id }, silent: true }),
    onSuccess: (r) => {
      if (r.refund.status === 'succeeded') toastSuccess(r.details);
      else toastError(r.details);
      void qc.invalidateQueries({ queryKey: fnbKeys.all });
    },
    onError: (e) => toastError(e instanceof ApiError ? e.details : String(e)),
  });
  const tabs = data?.tabs ?? [];
  const owed = mayRefund ? (refunds.data?.refunds ?? []) : [];
  if (!enabled || (tabs.length === 0 && owed.length === 0)) return null;
  const days = [...new Set(tabs.map((x) => x.day))].sort();
  return (
    <>
      {tabs.length > 0 && (
        <Alert color="orange" radius={0} title={t.reports.openTabsTitle} data-testid="fnb-attention">
          <Stack gap={4}>
            {days.map((day) => {
              const ofDay = tabs.filter((x) => x.day === day);
              return (
                <Stack key={day} gap={2}>
                  <Text size="sm">{t.reports.openTabs(ofDay.length, day)}</Text>
                  {ofDay.map((x) => (
                    <Group key={x.id} gap="xs" data-testid="fnb-attention-tab">
                      <Text size="sm">
                        {x.unitLabel} ({x.customerName || '—'}) {fnbPrice(x.totalCents)}
                      </Text>
                      {maySettle && slots.renderSettleTab && (
                        <Button size="compact-sm" variant="default" onClick={() => setSettling(x)}>
                          {t.refunds.settleOld}
                        </Button>
                      )}
                    </Group>
                  ))}
                </Stack>
              );
            })}
          </Stack>
        </Alert>
      )}
      {owed.length > 0 && (
        <Alert color="red" radius={0} title={t.refunds.title} data-testid="fnb-refunds-owed">
          <Stack gap={4}>
            {owed.map((r) => (
              <Group key={r.id} gap="xs">
                <Text size="sm">
                  {t.refunds.owed(
                    r.orderId != null ? t.refunds.order(r.orderId) : t.refunds.tab(r.unitLabel, r.day),
                    fnbPrice(r.amountCents),
                    r.status === 'failed' ? r.error : t.refunds.waiting,
                  )}
                </Text>
                {(r.status === 'failed' || r.status === 'queued') && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    color="red"
                    loading={retry.isPending && retry.variables === r.id}
                    onClick={() => retry.mutate(r.id)}
                  >
                    {t.refunds.retry}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      <Modal
        opened={settling != null}
        onClose={() => setSettling(null)}
        title={settling ? `${t.staff.tabOf(settling.unitLabel)} · ${settling.day}` : ''}
        size="lg"
      >
        {settling && (
          <Stack gap="sm">
            <Stack gap={2} data-testid="tab-orders">
              {settling.orders
                .filter((o) => o.status !== 'voided')
                .map((o) => (
                  <Text key={o.id} size="sm">
                    #{o.number} · {o.lines.map((l) => `${l.quantity} × ${fnbName(lang, l.name, l.nameEs)}`).join(', ')}{' '}
                    · <b>{fnbPrice(o.totalCents)}</b>
                  </Text>
                ))}
              <Text fw={700}>{fnbPrice(settling.totalCents)}</Text>
            </Stack>
            {settling.orders.some((o) => o.status !== 'voided' && o.status !== 'delivered') && (
              <Alert color="yellow">{t.errors.tabHasOpenOrders}</Alert>
            )}
            {slots.renderSettleTab?.({
              tab: settling,
              unitLabel: settling.unitLabel,
              onSettled: () => {
                toastSuccess(t.staff.settled);
                setSettling(null);
                void refetch();
                void qc.invalidateQueries({ queryKey: fnbKeys.all });
              },
            })}
          </Stack>
        )}
      </Modal>
    </>
  );
}

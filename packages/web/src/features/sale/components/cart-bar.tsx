import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/notify';
import { useReleaseUnits } from '../api/release-units';
import { cartStore, useCart } from '../cart-store';
import { draftStore } from '../wizard/draft-store';
import '../../../app/touch-targets.css';

/**
 * Shown on the dashboard while a multi-unit order is in progress: 'Check Out' opens the order
 * (on its last unit) at Review Order; 'Cancel Order' releases its units.
 */
export function CartBar({ onChanged, onCheckOut }: { onChanged?: () => void; onCheckOut?: (unitId: number) => void }) {
  const { t } = useTranslation();
  const cart = useCart();
  const release = useReleaseUnits();
  if (!cart) return null;
  const cancel = async () => {
    await release.mutateAsync({ cartId: cart.cartId });
    draftStore.clear(`cart:${cart.cartId}`);
    cartStore.clear();
    toastSuccess(t('sale.orderCancelled'));
    onChanged?.();
  };
  return (
    <Paper withBorder p="xs" mb="sm" data-testid="cart-bar" className="touch-targets">
      <Group justify="space-between">
        <Text size="sm">{t('sale.cartBar', { units: cart.units.map((u) => u.label).join(', ') })}</Text>
        <Group gap="xs">
          {onCheckOut && (
            <Button onClick={() => onCheckOut(cart.units[cart.units.length - 1]!.unitId)}>{t('sale.checkOut')}</Button>
          )}
          <Button
            color="red"
            variant="light"
            onClick={() => void cancel().catch(() => undefined)}
            loading={release.isPending}
          >
            {t('messages.dashboard.cancelOrder')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

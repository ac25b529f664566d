import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/notify';
import { useReleaseUnits } from '../api/release-units';
import { type Cart, cartStore, useCart } from '../cart-store';
import { type Carry, carryStore, useCarry } from '../carry-store';
import { draftStore } from '../wizard/draft-store';
import '../../../app/touch-targets.css';

/**
 * Shown on the dashboard while a multi-unit order is in progress: 'Check Out' opens the order
 * (on its last unit) at Review Order; 'Cancel Order' releases its units.
 */
export function CartBar({ onChanged, onCheckOut }: { onChanged?: () => void; onCheckOut?: (unitId: number) => void }) {
  const cart = useCart();
  const carry = useCarry();
  return (
    <>
      {carry && <CarryBar carry={carry} />}
      {cart && <OrderBar cart={cart} onChanged={onChanged} onCheckOut={onCheckOut} />}
    </>
  );
}

/** A walk-in refused on a unit booked meanwhile waits for another unit (issue 32): say whose, and let it go. */
function CarryBar({ carry }: { carry: Carry }) {
  const { t } = useTranslation();
  const name = carry.state.customerName.trim();
  return (
    <Paper withBorder p="xs" mb="sm" data-testid="carry-bar" className="touch-targets">
      <Group justify="space-between">
        <Text size="sm">
          {name
            ? t('sale.carryBar', { name, from: carry.fromLabel })
            : t('sale.carryBarNoName', { from: carry.fromLabel })}
        </Text>
        <Button color="red" variant="light" onClick={() => carryStore.clear()}>
          {t('sale.cancelThisSale')}
        </Button>
      </Group>
    </Paper>
  );
}

function OrderBar({
  cart,
  onChanged,
  onCheckOut,
}: {
  cart: Cart;
  onChanged?: () => void;
  onCheckOut?: (unitId: number) => void;
}) {
  const { t } = useTranslation();
  const release = useReleaseUnits();
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

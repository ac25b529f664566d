import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type OrderLine, type Quote } from '../../wizard/quote';
import { ContinueButton } from './continue-button';
import type { StepProps } from './step-props';
import { useCents } from '../../../../lib/venue-format';

/**
 * Review Order: every unit of the order with its price; units already in the order can be taken
 * out of it. 'Add More Unit(s)' is offered while this unit is not yet in the order.
 */
export function ReviewStep({
  state,
  dispatch,
  quote,
  orderLines,
  thisUnitLabel,
  onRemove,
  removing,
  onAddMore,
  adding,
}: StepProps & {
  quote: Quote;
  orderLines: OrderLine[];
  /** Null in checkout: every unit is an order line. */
  thisUnitLabel: string | null;
  onRemove: (unitId: number) => void;
  removing: boolean;
  onAddMore: (() => void) | null;
  adding: boolean;
}) {
  const { t } = useTranslation();
  const money = useCents();
  return (
    <Stack gap="xs">
      <Table data-testid="order-lines">
        <Table.Tbody>
          {orderLines.map((l) => (
            <Table.Tr key={l.unitId}>
              <Table.Td>{l.label}</Table.Td>
              <Table.Td>{money(l.lineCents)}</Table.Td>
              <Table.Td>
                <Button
                  variant="light"
                  color="red"
                  loading={removing}
                  onClick={() => onRemove(l.unitId)}
                  aria-label={t('sale.removeUnit', { unit: l.label })}
                >
                  {t('sale.remove')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
          {thisUnitLabel && (
            <Table.Tr>
              <Table.Td>
                {thisUnitLabel} <Badge size="xs">{t('sale.thisUnit')}</Badge>
              </Table.Td>
              <Table.Td>{money(quote.thisLineCents)}</Table.Td>
              <Table.Td />
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Text>
        {t('sale.subtotal')}: {money(quote.subtotalCents)}
      </Text>
      <Group>
        <ContinueButton show onClick={() => dispatch({ type: 'confirm', step: 'review' })} />
        {onAddMore && state.mode !== 'checkout' && (
          <Button variant="light" onClick={onAddMore} loading={adding}>
            {t('messages.sale.addMoreUnits')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

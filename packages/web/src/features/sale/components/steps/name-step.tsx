import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { canConfirm } from '../../wizard/machine';
import { ContinueButton } from './continue-button';
import type { StepProps } from './step-props';

/** Enter Customer Name (one unit, not a room charge); 'Add More Unit(s)' starts an order here. */
export function NameStep({
  state,
  dispatch,
  onAddMore,
  adding,
  fixedName = false,
}: StepProps & {
  /** Absent: no order can be started here (a check-in is a sale of its own). */
  onAddMore?: () => void;
  adding: boolean;
  /** A check-in: the sale is made out to the booking's guest (issue 32), shown, not typed. */
  fixedName?: boolean;
}) {
  const { t } = useTranslation();
  const filled = canConfirm(state, 'name');
  return (
    <Stack gap="xs">
      <TextInput
        label={t('sale.customerName')}
        value={state.customerName}
        onChange={(e) => dispatch({ type: 'editName', value: e.currentTarget.value })}
        readOnly={fixedName}
        description={fixedName ? t('sale.bookingGuestName') : undefined}
        data-autofocus
      />
      {filled && (
        <Group>
          <ContinueButton show onClick={() => dispatch({ type: 'confirm', step: 'name' })} />
          {onAddMore && (
            <Button variant="light" onClick={onAddMore} loading={adding}>
              {t('messages.sale.addMoreUnits')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

import { Stack, Text } from '@mantine/core';
import { chargeCents } from '@sandbar/contract/rules/pricing';
import { useTranslation } from 'react-i18next';
import { canConfirm } from '../../wizard/machine';
import { type Quote } from '../../wizard/quote';
import { ChoiceButton } from './choice-button';
import { ContinueButton } from './continue-button';
import type { StepProps } from './step-props';
import { useCents } from '../../../../lib/venue-format';

/**
 * Select Equipment: the items offered for this unit type, at this hour, to this buyer (hotel
 * items at the hotel rate, or the full price for an additional guest), priced as the server will.
 */
export function EquipmentStep({ state, dispatch, quote }: StepProps & { quote: Quote }) {
  const { t } = useTranslation();
  const money = useCents();
  const pricing = { hotelGuestOf: quote.hotelGuestOf, extraCharge: state.extraCharge };
  const { equipment, addons } = quote.offer;
  return (
    <Stack gap="xs">
      {equipment.length === 0 && <Text c="dimmed">{t('sale.nothingOffered')}</Text>}
      <Stack gap="xs" role="group" aria-label={t('sale.steps.equipment')}>
        {equipment.map((i) => (
          <ChoiceButton
            key={i.id}
            justify="space-between"
            selected={state.selectedUnit === i.id}
            onClick={() => dispatch({ type: 'chooseEquipment', itemId: i.id })}
          >
            {`${i.name} — ${money(chargeCents(i, pricing))}`}
          </ChoiceButton>
        ))}
      </Stack>
      {addons.length > 0 && (
        <Stack gap="xs" role="group" aria-label={t('sale.addons')}>
          <Text size="sm" fw={500}>
            {t('sale.addons')}
          </Text>
          {addons.map((i) => {
            const on = state.addons.includes(i.id);
            return (
              <ChoiceButton
                key={i.id}
                selected={on}
                onClick={() =>
                  dispatch({
                    type: 'setAddons',
                    itemIds: on ? state.addons.filter((a) => a !== i.id) : [...state.addons, i.id],
                  })
                }
              >
                {`${i.name} — ${money(chargeCents(i, pricing))}`}
              </ChoiceButton>
            );
          })}
        </Stack>
      )}
      <ContinueButton
        show={canConfirm(state, 'equipment')}
        onClick={() => dispatch({ type: 'confirm', step: 'equipment' })}
      />
    </Stack>
  );
}

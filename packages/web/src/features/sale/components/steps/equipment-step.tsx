import { Alert, Stack, Text } from '@mantine/core';
import {
  type CatalogueItem,
  chargeCents,
  itemDescription,
  itemName,
  nextOpeningHour,
  openingTime,
} from '@sandbar/contract/rules/pricing';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { Fragment } from 'react';
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
  const { t, i18n } = useTranslation();
  const money = useCents();
  // Issue 26: the catalogue in the tablet's language (a Spanish name when the price has one).
  const lang = i18n.language;
  const describe = (i: CatalogueItem) => {
    const d = itemDescription(i, lang);
    return d ? (
      <Text size="sm" c="dimmed" mt={-4} data-testid="item-description">
        {d}
      </Text>
    ) : null;
  };
  const pricing = { hotelGuestOf: quote.hotelGuestOf, extraCharge: state.extraCharge };
  const { equipment, addons } = quote.offer;
  return (
    <Stack gap="xs">
      <Stack gap="xs" role="group" aria-label={t('sale.steps.equipment')}>
        {equipment.map((i) => (
          <Fragment key={i.id}>
            <ChoiceButton
              justify="space-between"
              selected={state.selectedUnit === i.id}
              onClick={() => dispatch({ type: 'chooseEquipment', itemId: i.id })}
            >
              {`${itemName(i, lang)} — ${money(chargeCents(i, pricing))}`}
            </ChoiceButton>
            {describe(i)}
          </Fragment>
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
              // Chosen is told by a tick and a word, not by shade alone (sun glare, colour-blind staff).
              <ChoiceButton
                key={i.id}
                selected={on}
                justify="space-between"
                leftSection={on ? <IconCheck size={20} aria-hidden /> : <IconPlus size={20} aria-hidden />}
                rightSection={on ? <span className="sb-chosen">{t('sale.addonChosen')}</span> : undefined}
                onClick={() =>
                  dispatch({
                    type: 'setAddons',
                    itemIds: on ? state.addons.filter((a) => a !== i.id) : [...state.addons, i.id],
                  })
                }
              >
                {`${itemName(i, lang)} — ${money(chargeCents(i, pricing))}`}
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

/**
 * Nothing on sale for this unit now (issue 26, the first five minutes): says so, and when sales
 * open today, instead of an empty list of choices.
 */
export function NothingOnSale({
  items,
  unitType,
  hour,
  hotelGuestOf,
}: {
  items: CatalogueItem[];
  unitType: string;
  hour: number;
  hotelGuestOf: number | null;
}) {
  const { t } = useTranslation();
  const next = nextOpeningHour(items, { unitType, hour, hotelGuestOf });
  return (
    <Alert
      color="orange"
      variant="outline"
      role="status"
      data-testid="nothing-on-sale"
      title={t('sale.nothingOffered')}
    >
      <Text size="sm">
        {next === null ? t('sale.noSalesToday') : t('sale.salesOpenAt', { time: openingTime(next) })}
      </Text>
    </Alert>
  );
}

import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Quote } from '../../wizard/quote';
import { ChoiceButton } from './choice-button';
import { ContinueButton } from './continue-button';
import type { StepProps } from './step-props';
import { useCents } from '../../../../lib/venue-format';

/**
 * Select Tip: $3, $5, $10 or no tip. The preset is $5, none for Voucher or Cash, and none for a
 * sale that costs the guest nothing (a $0 hotel package).
 */
export function TipStep({ dispatch, quote, presets }: StepProps & { quote: Quote; presets: number[] }) {
  const { t } = useTranslation();
  const money = useCents();
  return (
    <Stack gap="xs">
      <Group gap="xs" role="group" aria-label={t('sale.steps.tip')}>
        {presets.map((p) => (
          <ChoiceButton
            key={p}
            selected={quote.tipDollars === p}
            onClick={() => dispatch({ type: 'chooseTip', tip: p })}
          >
            {p ? money(p * 100, { dropZeroCents: true }) : t('sale.noTip')}
          </ChoiceButton>
        ))}
      </Group>
      <ContinueButton
        show
        onClick={() => {
          dispatch({ type: 'chooseTip', tip: quote.tipDollars });
          dispatch({ type: 'confirm', step: 'tip' });
        }}
      />
    </Stack>
  );
}

import { ActionIcon, NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A small count (a party, a number of days) typed on the number keyboard or stepped by a thumb:
 * − and + are 48-px buttons with names ("One more: Party"), not Mantine's 24-px unnamed steppers
 * (decision 266).
 */
export function CountInput({
  label,
  value,
  onChange,
  min,
  max,
  testId,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const set = (n: number) => onChange(Math.min(max, Math.max(min, n)));
  return (
    <NumberInput
      label={label}
      value={value}
      onChange={(v) => set(Number(v) || min)}
      min={min}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      data-testid={testId}
      styles={{ input: { textAlign: 'center' } }}
      leftSectionWidth={48}
      leftSectionPointerEvents="all"
      leftSection={
        <ActionIcon
          variant="subtle"
          aria-label={t('forms.oneLess', { label })}
          disabled={value <= min}
          onClick={() => set(value - 1)}
        >
          −
        </ActionIcon>
      }
      rightSectionWidth={48}
      rightSectionPointerEvents="all"
      rightSection={
        <ActionIcon
          variant="subtle"
          aria-label={t('forms.oneMore', { label })}
          disabled={value >= max}
          onClick={() => set(value + 1)}
        >
          +
        </ActionIcon>
      }
    />
  );
}

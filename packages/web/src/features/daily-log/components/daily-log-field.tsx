import { Badge, Group, TextInput, Tooltip } from '@mantine/core';
import type { DailyLogField } from '@sandbar/contract/daily-log';
import { useTranslation } from 'react-i18next';
import { CheckboxField, NumberField, TextField, TextareaField, ToggleField } from '../../../components/form-fields';

/** One daily-log field, drawn by its type, with the initials of whoever changed it last. */
export function DailyLogFieldInput({
  field,
  value,
  user,
  onChange,
}: {
  field: DailyLogField;
  value: string;
  user?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const label = (
    <Group gap={6} component="span" wrap="nowrap" style={{ display: 'inline-flex' }}>
      <span>{field.fieldLabel}</span>
      {user && (
        <Tooltip label={t('dailyLog.lastEditor', { initials: user })}>
          <Badge size="xs" variant="light" data-testid={`editor-${field.fieldName}`}>
            {user}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
  const p = { name: field.fieldName, label, value, onChange, placeholder: field.placeholder || undefined };
  switch (field.fieldType) {
    case 'number':
      return <NumberField {...p} />;
    case 'textarea':
      return <TextareaField {...p} minRows={2} />;
    case 'toggle':
      return <ToggleField {...p} />;
    case 'checkbox':
      return <CheckboxField {...p} options={field.options.map((o) => ({ value: o, label: o }))} />;
    case 'date':
      return (
        <TextInput
          type="date"
          name={field.fieldName}
          label={label}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return <TextField {...p} />;
  }
}

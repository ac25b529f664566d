import {
  Checkbox,
  Divider,
  Group,
  Input,
  NativeSelect,
  PasswordInput,
  Progress,
  Radio,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCheckboxValue, parseCheckboxValue } from './checkbox-value';
import { passwordScore } from './password-strength';

// The shared form widgets (spec section 3, "Form field widget types"). Every value is a string,
// as the spec's calls send them: toggles "1"/"0", checkboxes ",a,b,", selects the option value.

export interface Option {
  value: string;
  label: string;
}

export interface BaseFieldProps {
  label?: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  /** This field's own validation message, shown under it and announced with it. */
  error?: ReactNode;
}

const common = (p: BaseFieldProps) => ({
  label: p.label,
  name: p.name,
  placeholder: p.placeholder,
  description: p.description,
  required: p.required,
  disabled: p.disabled,
  autoComplete: p.autoComplete,
  error: p.error,
});

/** Read-only value with its label. */
export function DisplayField({ label, value, name }: { label?: ReactNode; value: ReactNode; name?: string }) {
  return (
    <Input.Wrapper label={label}>
      <Text data-field={name}>{value}</Text>
    </Input.Wrapper>
  );
}

export function TextField(p: BaseFieldProps) {
  return <TextInput {...common(p)} value={p.value} onChange={(e) => p.onChange(e.currentTarget.value)} />;
}

/** Numbers stay strings ("35.00") so nothing is rounded on the way to the server. */
export function NumberField(p: BaseFieldProps & { step?: string; min?: number; max?: number }) {
  return (
    <TextInput
      {...common(p)}
      type="number"
      inputMode="decimal"
      step={p.step ?? 'any'}
      min={p.min}
      max={p.max}
      value={p.value}
      onChange={(e) => p.onChange(e.currentTarget.value)}
    />
  );
}

export function EmailField(p: BaseFieldProps) {
  return (
    <TextInput
      {...common(p)}
      type="email"
      inputMode="email"
      value={p.value}
      onChange={(e) => p.onChange(e.currentTarget.value)}
    />
  );
}

export function PhoneField(p: BaseFieldProps) {
  return (
    <TextInput
      {...common(p)}
      type="tel"
      inputMode="tel"
      value={p.value}
      onChange={(e) => p.onChange(e.currentTarget.value)}
    />
  );
}

const strengthColor = ['red', 'red', 'orange', 'yellow', 'teal'] as const;

/** Password with the 0–4 strength meter (spec section 9: Weak, Weak, Fair, Good, Strong). */
export function PasswordField(p: BaseFieldProps & { meter?: boolean }) {
  const { t } = useTranslation();
  const score = passwordScore(p.value);
  const labels = t('passwordStrength', { returnObjects: true }) as string[];
  return (
    <Stack gap={4}>
      <PasswordInput
        {...common(p)}
        autoComplete={p.autoComplete ?? 'new-password'}
        value={p.value}
        onChange={(e) => p.onChange(e.currentTarget.value)}
      />
      {p.meter !== false && p.value && (
        <Group gap="xs" data-testid={`${p.name}-strength`} data-score={score}>
          <Progress value={(score + 1) * 20} color={strengthColor[score]} size="sm" style={{ flex: 1 }} />
          <Text size="xs" c="dimmed">
            {t('forms.passwordStrength', { label: labels[score] })}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

export function TextareaField(p: BaseFieldProps & { minRows?: number }) {
  return (
    <Textarea
      {...common(p)}
      autosize
      minRows={p.minRows ?? 3}
      value={p.value}
      onChange={(e) => p.onChange(e.currentTarget.value)}
    />
  );
}

export function RadioField(p: BaseFieldProps & { options: readonly Option[] }) {
  return (
    <Radio.Group label={p.label} name={p.name} description={p.description} value={p.value} onChange={p.onChange}>
      <Group mt={4}>
        {p.options.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} disabled={p.disabled} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** On/off switch whose value is "1" or "0" (spec section 9). */
export function ToggleField(p: BaseFieldProps) {
  return (
    <Switch
      label={p.label}
      name={p.name}
      description={p.description}
      disabled={p.disabled}
      checked={p.value === '1'}
      onChange={(e) => p.onChange(e.currentTarget.checked ? '1' : '0')}
    />
  );
}

/** Several choices kept as ",a,b," (spec section 3). */
export function CheckboxField(p: BaseFieldProps & { options: readonly Option[] }) {
  return (
    <Checkbox.Group
      label={p.label}
      description={p.description}
      value={parseCheckboxValue(p.value)}
      onChange={(v) => p.onChange(formatCheckboxValue(p.options.map((o) => o.value).filter((o) => v.includes(o))))}
    >
      <Group mt={4}>
        {p.options.map((o) => (
          <Checkbox key={o.value} value={o.value} label={o.label} name={p.name} disabled={p.disabled} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/** Native select whose first option is '-- SELECT --' with an empty value (spec section 3). */
export function SelectField(p: BaseFieldProps & { options: readonly Option[] }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      {...common(p)}
      value={p.value}
      onChange={(e) => p.onChange(e.currentTarget.value)}
      data={[{ value: '', label: t('messages.form.selectPlaceholder') }, ...p.options]}
    />
  );
}

export function HiddenField({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}

/** A heading inside a form (the "title" widget). */
export function TitleField({ label }: { label: ReactNode }) {
  return (
    <Stack gap={2} mt="sm">
      <Title order={4}>{label}</Title>
      <Divider />
    </Stack>
  );
}

export interface LinkedColumn<R> {
  key: string;
  label: ReactNode;
  render?: (row: R) => ReactNode;
}

/** Read-only table of linked rows (the "linkedTable" widget). */
export function LinkedTable<R extends Record<string, unknown>>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  testId,
}: {
  label?: ReactNode;
  columns: readonly LinkedColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => string | number;
  empty?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={label}>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty ?? t('forms.noRows')}
        </Text>
      ) : (
        <Table striped withTableBorder data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key}>{c.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={rowKey(r, i)}>
                {columns.map((c) => (
                  <Table.Td key={c.key}>{c.render ? c.render(r) : String(r[c.key] ?? '')}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Input.Wrapper>
  );
}

/** Field types a form can describe as data (spec section 3), for forms built from definitions. */
export type FieldType =
  | 'display'
  | 'text'
  | 'number'
  | 'email'
  | 'phone'
  | 'password'
  | 'textarea'
  | 'radio'
  | 'toggle'
  | 'checkbox'
  | 'select'
  | 'dropdown'
  | 'hidden'
  | 'title';

export interface FieldDef {
  type: FieldType;
  name: string;
  label?: string;
  placeholder?: string;
  options?: readonly Option[];
}

/** Renders one field from its definition: the daily log and other data-driven forms use this. */
export function FormField({
  field,
  value,
  onChange,
  disabled,
}: {
  field: FieldDef;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const p: BaseFieldProps = {
    name: field.name,
    label: field.label,
    placeholder: field.placeholder,
    value,
    onChange,
    disabled,
  };
  switch (field.type) {
    case 'display':
      return <DisplayField label={field.label} value={value} name={field.name} />;
    case 'number':
      return <NumberField {...p} />;
    case 'email':
      return <EmailField {...p} />;
    case 'phone':
      return <PhoneField {...p} />;
    case 'password':
      return <PasswordField {...p} />;
    case 'textarea':
      return <TextareaField {...p} />;
    case 'radio':
      return <RadioField {...p} options={field.options ?? []} />;
    case 'toggle':
      return <ToggleField {...p} />;
    case 'checkbox':
      return <CheckboxField {...p} options={field.options ?? []} />;
    case 'select':
    case 'dropdown':
      return <SelectField {...p} options={field.options ?? []} />;
    case 'hidden':
      return <HiddenField name={field.name} value={value} />;
    case 'title':
      return <TitleField label={field.label} />;
    default:
      return <TextField {...p} />;
  }
}

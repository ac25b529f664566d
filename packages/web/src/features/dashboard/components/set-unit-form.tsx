import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { type UnitDetail, type UnitType, unitTypes } from '@sandbar/contract/units';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/notify';
import { useSaveUmbrellaNumber } from '../api/save-umbrella-number';

/** The spec's Set Unit checks (section 5): both messages, concatenated. */
export function setUnitErrors(unitNumber: string, unitType: string | null, t: (k: string) => string): string {
  const errors: string[] = [];
  const n = unitNumber.trim();
  if (n === '' || Number(n) === 0) errors.push(t('messages.unit.numberBlank'));
  if (!unitType) errors.push(t('messages.unit.typeBlank'));
  return errors.join(' ');
}

export function SetUnitForm({ unit }: { unit: UnitDetail }) {
  const { t } = useTranslation();
  const [unitNumber, setUnitNumber] = useState(unit.unitNumber ? String(unit.unitNumber) : '');
  const [unitType, setUnitType] = useState<string | null>(unit.unitType || null);
  const [error, setError] = useState('');
  const save = useSaveUmbrellaNumber();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const msg = setUnitErrors(unitNumber, unitType, t);
    setError(msg);
    if (msg) return;
    save.mutate(
      {
        unitData: {
          unitId: unit.id,
          unitNumber: unitNumber.trim(),
          unitType: unitType as UnitType,
          version: unit.version,
        },
      },
      { onSuccess: () => toastSuccess(t('board.saved')) },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {error && (
          <Alert color="red" data-testid="set-unit-error">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('board.unitNumber')}
          inputMode="numeric"
          value={unitNumber}
          onChange={(e) => {
            setUnitNumber(e.currentTarget.value.replace(/[^\d]/g, ''));
            setError('');
          }}
        />
        <Select
          label={t('board.unitType')}
          placeholder="-- SELECT --"
          data={unitTypes.map((u) => ({ value: u, label: `${t(`unitTypes.${u}`)} (${u})` }))}
          value={unitType}
          onChange={(v) => {
            setUnitType(v);
            setError('');
          }}
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
          classNames={{ option: 'touch-option' }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('board.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Alert, Button, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DailyLogField } from '@sandbar/contract/daily-log';
import { logCategories } from '@sandbar/contract/log-details';
import { useTranslation } from 'react-i18next';
import { FormErrors } from '../../../components/form-errors';
import { DailyLogFieldInput } from './daily-log-field';

export interface DailyLogDraft {
  id?: number;
  logDate: string;
  values: Record<string, string>;
  /** Initials of the last editor per field, as the server last answered. */
  users: Record<string, string>;
}

// Column size codes (spec section 9) → grid spans of 12: 0 none (full width), 1 full, 2 half,
// 3 third, 4 two thirds, 5 quarter.
const spanFor = (colSize: number) => ({ 0: 12, 1: 12, 2: 6, 3: 4, 4: 8, 5: 3 })[colSize] ?? 12;

/** Add / edit form: fields under category headings in the configured sort, Save and Cancel at top and bottom. */
export function DailyLogForm({
  draft,
  fields,
  venueName,
  errors,
  existingIdForDate,
  saving,
  onChange,
  onSave,
  onCancel,
  onOpenExisting,
}: {
  draft: DailyLogDraft;
  fields: DailyLogField[];
  venueName: string;
  errors: string[];
  existingIdForDate?: number;
  saving: boolean;
  onChange: (draft: DailyLogDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  onOpenExisting: (id: number) => void;
}) {
  const { t } = useTranslation();
  const buttons = (where: string) => (
    <Group justify="flex-end" className="no-print" data-testid={`daily-log-buttons-${where}`}>
      <Button variant="default" onClick={() => window.print()}>
        {t('dailyLog.print')}
      </Button>
      <Button variant="default" onClick={onCancel}>
        {t('dailyLog.cancel')}
      </Button>
      <Button onClick={onSave} loading={saving}>
        {t('dailyLog.save')}
      </Button>
    </Group>
  );
  const set = (name: string, value: string) => onChange({ ...draft, values: { ...draft.values, [name]: value } });
  const categories = [...logCategories, ...new Set(fields.map((f) => f.category))].filter(
    (c, i, all) => all.indexOf(c) === i && fields.some((f) => f.category === c),
  );

  return (
    <Stack className="daily-log-print" gap="md">
      <div>
        <Title order={2} data-testid="daily-log-venue">
          {venueName}
        </Title>
        <Text fw={500}>{draft.id ? t('dailyLog.editTitle', { date: draft.logDate }) : t('dailyLog.addTitle')}</Text>
      </div>
      {buttons('top')}
      <FormErrors errors={errors} />
      <TextInput
        type="date"
        name="logDate"
        label={t('dailyLog.date')}
        value={draft.logDate}
        onChange={(e) => onChange({ ...draft, logDate: e.currentTarget.value })}
        maw={240}
      />
      {existingIdForDate !== undefined && (
        <Alert color="yellow" className="no-print">
          <Group justify="space-between">
            <span>{t('dailyLog.exists')}</span>
            <Button size="xs" variant="light" onClick={() => onOpenExisting(existingIdForDate)}>
              {t('dailyLog.openExisting')}
            </Button>
          </Group>
        </Alert>
      )}
      {fields.length === 0 && <Text c="dimmed">{t('dailyLog.noFields')}</Text>}
      {categories.map((category) => (
        <Stack key={category} gap="xs" data-testid={`daily-log-category-${category}`}>
          <Title order={3}>{category}</Title>
          <Grid>
            {fields
              .filter((f) => f.category === category)
              .map((f) => (
                <Grid.Col key={f.fieldName} span={{ base: 12, sm: spanFor(f.colSize) }}>
                  <DailyLogFieldInput
                    field={f}
                    value={draft.values[f.fieldName] ?? ''}
                    user={draft.users[f.fieldName]}
                    onChange={(v) => set(f.fieldName, v)}
                  />
                </Grid.Col>
              ))}
          </Grid>
        </Stack>
      ))}
      {buttons('bottom')}
    </Stack>
  );
}

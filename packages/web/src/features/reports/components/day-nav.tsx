import { Button, Group, TextInput } from '@mantine/core';
import type { UserType } from '@sandbar/contract/roles';
import { useTranslation } from 'react-i18next';

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/**
 * Report day navigation by role: admins step to the previous or next day or pick a date;
 * supervisors get Previous Day on today and Today on yesterday (decision 050, the server's window).
 */
export function DayNav({
  userType,
  day,
  today,
  onDay,
}: {
  userType: UserType;
  day: string;
  today: string;
  onDay: (day: string) => void;
}) {
  const { t } = useTranslation();
  if (userType === 'A') {
    return (
      <Group gap="xs" className="no-print" data-testid="report-day-nav">
        <Button variant="default" size="xs" onClick={() => onDay(addDays(day, -1))}>
          {t('reports.previousDay')}
        </Button>
        <TextInput
          type="date"
          size="xs"
          aria-label={t('reports.pickDate')}
          value={day}
          onChange={(e) => {
            const v = e.currentTarget.value;
            if (/^\d{4}-\d{2}-\d{2}$/.test(v)) onDay(v);
          }}
        />
        <Button variant="default" size="xs" onClick={() => onDay(addDays(day, 1))}>
          {t('reports.nextDay')}
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs" className="no-print" data-testid="report-day-nav">
      {day === today ? (
        <Button variant="default" size="xs" onClick={() => onDay(addDays(today, -1))}>
          {t('reports.previousDay')}
        </Button>
      ) : (
        <Button variant="light" size="xs" onClick={() => onDay(today)}>
          {t('reports.today')}
        </Button>
      )}
    </Group>
  );
}

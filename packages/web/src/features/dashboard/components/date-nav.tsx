import { Button, Group, TextInput } from '@mantine/core';
import type { UserType } from '@sandbar/contract/roles';
import type { DashboardData } from '@sandbar/contract/units';
import { useTranslation } from 'react-i18next';

/** Noon UTC of a calendar day: inside that business day for any venue within ±11 h of UTC. */
export function dayToTimeStamp(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Math.floor(Date.UTC(y, m - 1, d, 12) / 1000);
}

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/**
 * Date navigation by role (spec section 2 and 6): admins get the season's start-date button, a date
 * picker and the end-date button; supervisors the previous day and back (their editing window);
 * everyone else sees today only.
 */
export function DateNav({
  userType,
  data,
  onDay,
}: {
  userType: UserType;
  data: DashboardData;
  onDay: (timeStamp: number | 'today') => void;
}) {
  const { t } = useTranslation();
  const isToday = data.currentDay === data.today;
  if (userType === 'A') {
    return (
      <Group gap="xs" data-testid="date-nav">
        <Button variant="default" size="xs" onClick={() => onDay(dayToTimeStamp(data.startDate))}>
          {t('board.startDate')}
        </Button>
        <TextInput
          type="date"
          size="xs"
          aria-label={t('board.pickDate')}
          value={data.currentDay}
          min={data.startDate}
          max={data.endDate}
          onChange={(e) => {
            const v = e.currentTarget.value;
            if (/^\d{4}-\d{2}-\d{2}$/.test(v)) onDay(v === data.today ? 'today' : dayToTimeStamp(v));
          }}
        />
        <Button variant="default" size="xs" onClick={() => onDay(dayToTimeStamp(data.endDate))}>
          {t('board.endDate')}
        </Button>
        {!isToday && (
          <Button variant="light" size="xs" onClick={() => onDay('today')}>
            {t('board.today')}
          </Button>
        )}
      </Group>
    );
  }
  if (userType === 'S') {
    return (
      <Group gap="xs" data-testid="date-nav">
        {isToday ? (
          <Button variant="default" size="xs" onClick={() => onDay(dayToTimeStamp(addDays(data.today, -1)))}>
            {t('board.yesterday')}
          </Button>
        ) : (
          <Button variant="light" size="xs" onClick={() => onDay('today')}>
            {t('board.today')}
          </Button>
        )}
      </Group>
    );
  }
  return null;
}

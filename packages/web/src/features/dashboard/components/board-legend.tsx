import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './board-legend.css';
import './unit-tile.css';

const statuses = [0, 1, 2, 3, 4, 5, 6] as const;

/** What each tile colour means (DESIGN.md section 5), drawn with the tiles' own colours. */
export function BoardLegend() {
  const { t } = useTranslation();
  const names = t('board.statusNames', { returnObjects: true }) as string[];
  return (
    <Group gap="md" wrap="wrap" component="ul" data-testid="board-legend" aria-label={t('board.legend')} m={0} p={0}>
      {statuses.map((s) => (
        <Group key={s} gap={6} wrap="nowrap" component="li" style={{ listStyle: 'none' }}>
          <span className="sb-tile sb-legend-swatch" data-status={s} aria-hidden="true" />
          <Text size="sm">{names[s]}</Text>
        </Group>
      ))}
      {/* A unit booked for the day is held (1) with its own look (issue 24). */}
      <Group gap={6} wrap="nowrap" component="li" style={{ listStyle: 'none' }}>
        <span className="sb-tile sb-legend-swatch" data-status={1} data-reserved="true" aria-hidden="true" />
        <Text size="sm">{t('board.reserved')}</Text>
      </Group>
    </Group>
  );
}

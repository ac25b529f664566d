import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAVPath } from '../lib/av';
import { paths } from './paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  const to = useAVPath();
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={1}>{t('messages.notFound.title')}</Title>
      <Text c="dimmed">{t('messages.notFound.body')}</Text>
      <Anchor component={Link} to={to(paths.home)}>
        {t('ui.backHome')}
      </Anchor>
    </Stack>
  );
}

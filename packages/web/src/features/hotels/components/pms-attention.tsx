import { Alert, Anchor, Group, Text } from '@mantine/core';
import { postingTextsIn } from '@sandbar/contract/pms-postings';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { useAVPath } from '../../../lib/av';
import { currentLanguage } from '../../../lib/current-language';
import { usePmsAttention } from '../api/postings';

/**
 * Needs attention for admins (issue 34): room charges still not posted to the hotel after their
 * retries (or refused by the PMS), on every page until somebody retries or settles them.
 */
export function PmsAttention({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const to = useAVPath();
  const { pathname } = useLocation();
  const { data } = usePmsAttention(enabled);
  // The Postings screen heads itself with the same list (and its Retry): one red box, not two.
  if (!enabled || !data?.failed || pathname.endsWith(paths.postings)) return null;
  const words = postingTextsIn(currentLanguage());
  return (
    <Alert color="red" radius={0} title={words.attentionTitle} data-testid="pms-attention">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">{words.attention(data.failed)}</Text>
        <Anchor component={Link} to={to(paths.postings)} fw={700} c="red.9">
          {t('hotels.postingsOpen')}
        </Anchor>
      </Group>
    </Alert>
  );
}

import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { DropoffReport } from '@sandbar/contract/sales';
import { useTranslation } from 'react-i18next';
import { localText } from '../../../lib/notify';
import { useMoney, useVenueTime } from '../../../lib/venue-format';

/**
 * An admin's corrections of the agent's sales today (issue 26), each a marked line: what changed
 * (before → after), who, when and why, and the difference it makes. Cash on hand stays the cash
 * taken; the difference on cash sales is shown apart, to settle.
 */
export function CorrectionLines({ report }: { report: DropoffReport }) {
  const { t } = useTranslation();
  const money = useMoney();
  const time = useVenueTime();
  if (report.corrections.length === 0) return null;
  const cash = report.corrections.filter((c) => c.paymentMethod === 'Cash').length;
  return (
    <Stack gap="xs" data-testid="dropoff-corrections">
      <Title order={4}>{t('dropoff.corrections')}</Title>
      {report.overview.cashCorrections !== '0.00' && (
        <Card withBorder padding="sm" style={{ borderLeft: '6px solid var(--mantine-color-orange-8)' }}>
          <Group justify="space-between" wrap="wrap">
            <Text fw={700}>{t('dropoff.cashCorrections')}</Text>
            <Text fw={700} size="lg" data-testid="cash-corrections">
              {money(report.overview.cashCorrections)}
            </Text>
          </Group>
          <Text size="sm">{t('dropoff.cashCorrectionsHint', { count: cash })}</Text>
        </Card>
      )}
      {report.corrections.map((c) => (
        <Card
          key={c.id}
          withBorder
          padding="sm"
          data-testid="correction-line"
          style={{ borderLeft: '6px solid var(--mantine-color-orange-8)' }}
        >
          <Group gap="xs" wrap="wrap">
            <Badge color="#ae3a0c" variant="filled" leftSection="✎">
              {t(`dropoff.correctionKinds.${c.kind}`, { defaultValue: c.kind })}
            </Badge>
            <Text size="sm">
              {t(`paymentMethods.${c.paymentMethod}`, { defaultValue: c.paymentMethod })} #{c.saleId}
            </Text>
            {c.difference !== '0.00' && (
              <Text size="sm" fw={700}>
                {money(c.difference)}
              </Text>
            )}
          </Group>
          <Text>
            {t('dropoff.correctionLine', {
              what: t(`dropoff.correctionKinds.${c.kind}`, { defaultValue: c.kind }),
              // The server's words for the sides ("counted ($20.00)", "deleted") in the agent's language.
              before: localText(c.before),
              after: localText(c.after),
              who: c.who,
              time: time(c.epoc),
            })}
          </Text>
          {c.reason && <Text size="sm">{t('dropoff.correctionReason', { reason: c.reason })}</Text>}
        </Card>
      ))}
    </Stack>
  );
}

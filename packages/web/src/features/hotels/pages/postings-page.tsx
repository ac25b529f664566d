import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type PostingRow, postingTextsIn } from '@sandbar/contract/pms-postings';
import { reconciliationLines } from '@sandbar/contract/pms-reconciliation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PostingBadge } from '../../../components/posting-badge';
import { ScrollTable } from '../../../components/scroll-table';
import { currentLanguage } from '../../../lib/current-language';
import { useMoney, useVenueTime } from '../../../lib/venue-format';
import { localText } from '../../../lib/notify';
import { usePmsAttention, usePmsPostings, usePmsReconciliation, useRetryPosting } from '../api/postings';

/** The reference of a posted posting, or the PMS's message of a failed one, and the next try. */
function Detail({ p }: { p: PostingRow }) {
  const { t } = useTranslation();
  const time = useVenueTime();
  return (
    <Stack gap={2}>
      {p.action === 'void' && (
        <Text size="sm" fw={600} data-testid="posting-reversal">
          {t('hotels.postingsReversal', { invoice: p.invoice })}
        </Text>
      )}
      {p.reference && (
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {p.reference}
        </Text>
      )}
      {p.error && p.status !== 'posted' && (
        <Text size="sm" c={p.status === 'failed' ? 'red.9' : undefined} data-testid="posting-error">
          {localText(p.error)}
        </Text>
      )}
      {p.nextAttemptAt && p.attempts > 0 && (
        <Text size="xs" c="dimmed">
          {t('hotels.postingsNextTry', { time: time(p.nextAttemptAt) })}
        </Text>
      )}
      {p.reason && (
        <Text size="xs" c="dimmed">
          {t('hotels.postingsReason', { reason: p.reason })}
        </Text>
      )}
    </Stack>
  );
}

function RetryButton({ p }: { p: PostingRow }) {
  const { t } = useTranslation();
  const retry = useRetryPosting();
  if (p.status !== 'failed') return null;
  return (
    <Button
      size="sm"
      color="red"
      variant="outline"
      loading={retry.isPending && retry.variables === p.id}
      aria-label={t('hotels.postingsRetryLabel', { invoice: p.invoice })}
      onClick={() => retry.mutate(p.id)}
    >
      {t('hotels.postingsRetry')}
    </Button>
  );
}

/** A phone: one card per posting (a nine-column table would need a sideways swipe for the status). */
function PostingCard({ p, showDay }: { p: PostingRow; showDay: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const time = useVenueTime();
  return (
    <Card withBorder padding="sm" data-testid="posting-row" data-sale={p.saleId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text fw={700}>
            {p.hotel} · {t('hotels.postingsRoom')} {p.room} · {p.lastName}
          </Text>
          <Text size="sm">
            {t('hotels.postingsInvoice')} {p.invoice} · {time(p.createdAt, showDay)} · {money(p.amount)}
          </Text>
        </Stack>
        <PostingBadge state={p.state} />
      </Group>
      <Detail p={p} />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {t('hotels.postingsAttempts')}: {p.attempts}
        </Text>
        <RetryButton p={p} />
      </Group>
    </Card>
  );
}

function PostingTable({ rows, showDay, testId }: { rows: PostingRow[]; showDay: boolean; testId: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const time = useVenueTime();
  return (
    <ScrollTable minWidth={900} label={t('hotels.postingsTitle')}>
      <Table striped withTableBorder data-testid={testId} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('hotels.postingsTime')}</Table.Th>
            <Table.Th>{t('hotels.postingsInvoice')}</Table.Th>
            <Table.Th>{t('hotels.postingsHotel')}</Table.Th>
            <Table.Th>{t('hotels.postingsRoom')}</Table.Th>
            <Table.Th>{t('hotels.postingsGuest')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('hotels.postingsAmount')}</Table.Th>
            <Table.Th>{t('hotels.postingsStatus')}</Table.Th>
            <Table.Th>{t('hotels.postingsDetail')}</Table.Th>
            <Table.Th>{t('hotels.postingsAttempts')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.id} data-testid="posting-row" data-sale={p.saleId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(p.createdAt, showDay)}</Table.Td>
              <Table.Td>{p.invoice}</Table.Td>
              <Table.Td>{p.hotel}</Table.Td>
              <Table.Td>{p.room}</Table.Td>
              <Table.Td>{p.lastName}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(p.amount)}</Table.Td>
              <Table.Td>
                <PostingBadge state={p.state} />
              </Table.Td>
              <Table.Td style={{ maxWidth: 360 }}>
                <Detail p={p} />
              </Table.Td>
              <Table.Td>{p.attempts}</Table.Td>
              <Table.Td>
                <RetryButton p={p} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function Postings({ rows, showDay, testId }: { rows: PostingRow[]; showDay: boolean; testId: string }) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  if (!phone) return <PostingTable rows={rows} showDay={showDay} testId={testId} />;
  return (
    <Stack gap="xs" data-testid={testId}>
      {rows.map((p) => (
        <PostingCard key={p.id} p={p} showDay={showDay} />
      ))}
    </Stack>
  );
}

/**
 * The day's night reconciliation per hotel (issue 34 point 5, decision 321): Sandbar's room
 * charges against what the PMS confirmed, to the cent, and each sale that differs — the same
 * lines the hotel's RoomCharge report e-mail ends with.
 */
function Reconciliation({ day, hotelId }: { day: string; hotelId: number | null }) {
  const { t } = useTranslation();
  const { data } = usePmsReconciliation(day);
  const hotels = (data?.hotels ?? []).filter((h) => !hotelId || h.hotelId === hotelId);
  if (!hotels.length) return null;
  const lang = currentLanguage() === 'es' ? 'es' : 'en';
  return (
    <Stack gap="xs" mb="md" data-testid="postings-reconciliation">
      <Title order={3} size="h4">
        {t('hotels.postingsReconciliation')}
      </Title>
      {hotels.map((h) => {
        const [head, ...sales] = reconciliationLines(h, lang);
        return (
          <Alert
            key={h.hotelId}
            color={h.allPosted ? 'teal' : 'red'}
            variant="light"
            title={h.hotel}
            data-testid="hotel-reconciliation"
            data-all-posted={h.allPosted ? '1' : '0'}
          >
            <Text size="sm">{head}</Text>
            {sales.length > 0 && (
              <Stack gap={2} mt={4}>
                {sales.map((line) => (
                  <Text size="sm" key={line}>
                    {line}
                  </Text>
                ))}
              </Stack>
            )}
          </Alert>
        );
      })}
    </Stack>
  );
}

/**
 * /config/postings (admins, issue 34): a day's postings to the hotels' PMS, per hotel, with the
 * status and the reason of each failure, and Retry. Postings still failing after their retries
 * (any day) head the page: the night auditor's list.
 */
export function PostingsPage() {
  const { t } = useTranslation();
  const words = postingTextsIn(currentLanguage());
  const [params, setParams] = useSearchParams();
  const [day, setDay] = useState(params.get('day') ?? '');
  const hotelParam = Number(params.get('hotel') ?? 0);
  const hotelId = hotelParam > 0 ? hotelParam : null;
  const { data, isPending } = usePmsPostings(day, hotelId);
  const attention = usePmsAttention(true).data;
  const shownDay = day || data?.day || '';
  const setHotel = (v: string | null) => {
    const next = new URLSearchParams(params);
    if (v && v !== '0') next.set('hotel', v);
    else next.delete('hotel');
    setParams(next, { replace: true });
  };
  return (
    <Container size="xl" py="md">
      <Title order={2}>{t('hotels.postingsTitle')}</Title>
      <Text c="dimmed" mb="md" maw={820}>
        {t('hotels.postingsIntro')}
      </Text>
      {!!attention?.failed && (
        <Alert color="red" title={words.attentionTitle} mb="md" data-testid="postings-attention">
          <Stack gap="xs">
            <Text size="sm">{words.attention(attention.failed)}</Text>
            <Postings rows={attention.postings} showDay testId="attention-postings" />
          </Stack>
        </Alert>
      )}
      <Group align="flex-end" mb="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('hotels.postingsDay')}
          value={shownDay}
          onChange={(e) => {
            setDay(e.currentTarget.value);
            const next = new URLSearchParams(params);
            if (e.currentTarget.value) next.set('day', e.currentTarget.value);
            else next.delete('day');
            setParams(next, { replace: true });
          }}
          w={180}
        />
        <Select
          label={t('hotels.postingsHotel')}
          data={[
            { value: '0', label: t('hotels.postingsAllHotels') },
            ...(data?.hotels ?? []).map((h) => ({ value: String(h.id), label: h.name })),
          ]}
          value={String(hotelId ?? 0)}
          onChange={setHotel}
          allowDeselect={false}
          w={220}
        />
        {data && (
          <Group gap="xs" data-testid="postings-counts">
            <Badge color="teal" variant="light" size="lg">
              {words.posted} {data.counts.posted}
            </Badge>
            <Badge color="yellow" variant="light" size="lg">
              {words.pending} {data.counts.pending}
            </Badge>
            <Badge color="red" variant={data.counts.failed ? 'filled' : 'light'} size="lg">
              {words.failed} {data.counts.failed}
            </Badge>
            {data.counts.voided > 0 && (
              <Badge color="gray" variant="light" size="lg">
                {words.voided} {data.counts.voided}
              </Badge>
            )}
          </Group>
        )}
      </Group>
      {shownDay && <Reconciliation day={shownDay} hotelId={hotelId} />}
      {isPending ? (
        <Loader />
      ) : !data ? null : data.hotels.length === 0 && data.postings.length === 0 ? (
        <Text>{t('hotels.postingsNoHotel')}</Text>
      ) : data.postings.length === 0 ? (
        <Text>{t('hotels.postingsEmpty')}</Text>
      ) : (
        <Postings rows={data.postings} showDay={false} testId="postings-table" />
      )}
    </Container>
  );
}

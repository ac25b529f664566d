import {
  Alert,
  Button,
  Card,
  Group,
  List,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type HotelPmsResponse,
  type PmsKind,
  pmsCredentialFields,
  pmsCredentialLabels,
  pmsItemKeys,
  pmsKindLabels,
} from '@sandbar/contract/pms';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localText } from '../../../lib/notify';
import { useHotelPms, useSaveHotelPms, useTestHotelPms } from '../api/hotel-pms';

/** The hotel's system (issue 34): roster, Mews or OPERA Cloud; credentials write-only; item codes. */
export function PmsCard({ hotelId }: { hotelId: number }) {
  const pms = useHotelPms(hotelId);
  if (!pms.data) return null;
  return <PmsForm key={pms.data.updatedAt ?? 'new'} data={pms.data} />;
}

function PmsForm({ data }: { data: HotelPmsResponse }) {
  const { t } = useTranslation();
  const save = useSaveHotelPms(data.hotelId);
  const test = useTestHotelPms();
  const [kind, setKind] = useState<PmsKind>(data.kind);
  const [endpoint, setEndpoint] = useState(data.endpoint);
  const [propertyCode, setPropertyCode] = useState(data.propertyCode);
  const [currency, setCurrency] = useState(data.currency);
  const [mapping, setMapping] = useState(data.mapping);
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { hotelId: data.hotelId, kind, endpoint, propertyCode, currency, credentials, mapping },
      { onSuccess: () => setCredentials({}) },
    );
  };
  const connected = kind !== 'roster';
  return (
    <Card withBorder padding="lg" data-testid="hotel-pms">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={3}>{t('hotels.pmsTitle')}</Title>
          <Text size="sm" c="dimmed">
            {t('hotels.pmsHint')}
          </Text>
          <Select
            label={t('hotels.pmsKind')}
            data={(Object.keys(pmsKindLabels) as PmsKind[]).map((k) => ({ value: k, label: pmsKindLabels[k] }))}
            value={kind}
            onChange={(v) => v && setKind(v as PmsKind)}
            allowDeselect={false}
            data-testid="pms-kind"
          />
          {connected && (
            <>
              <TextInput
                label={t('hotels.pmsEndpoint')}
                placeholder={
                  kind === 'mews'
                    ? 'https://api.mews.com'
                    : 'https://<host>.hospitality-api.<region>.ocs.oraclecloud.com'
                }
                value={endpoint}
                onChange={(e) => setEndpoint(e.currentTarget.value)}
                required
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={kind === 'mews' ? t('hotels.pmsService') : t('hotels.pmsHotelCode')}
                  value={propertyCode}
                  onChange={(e) => setPropertyCode(e.currentTarget.value)}
                />
                <TextInput
                  label={t('hotels.pmsCurrency')}
                  value={currency}
                  onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())}
                  maxLength={3}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {pmsCredentialFields[kind].map((f) => (
                  <PasswordInput
                    key={f}
                    label={pmsCredentialLabels[f] ?? f}
                    autoComplete="off"
                    placeholder={data.kind === kind && data.credentialsSet.includes(f) ? t('hotels.pmsSecretSet') : ''}
                    value={credentials[f] ?? ''}
                    onChange={(e) => setCredentials({ ...credentials, [f]: e.currentTarget.value })}
                  />
                ))}
              </SimpleGrid>
              <Text size="sm" fw={600}>
                {kind === 'mews' ? t('hotels.pmsMappingMews') : t('hotels.pmsMappingOpera')}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {pmsItemKeys.map((k) => (
                  <TextInput
                    key={k}
                    label={t(`hotels.pmsItem.${k}`)}
                    value={mapping[k]}
                    onChange={(e) => setMapping({ ...mapping, [k]: e.currentTarget.value })}
                  />
                ))}
              </SimpleGrid>
            </>
          )}
          {test.data && (
            <Alert
              color={test.data.ok ? 'green' : 'red'}
              title={test.data.ok ? t('hotels.pmsTestOk') : t('hotels.pmsTestFailed')}
              data-testid="pms-test-result"
            >
              <List size="sm">
                {test.data.steps.map((s) => (
                  <List.Item key={s.step}>
                    {/* The API's English, in the reader's language (a PMS's own message stays as written). */}
                    {s.ok ? '✓' : '✗'} {localText(s.step)}: {localText(s.detail)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {test.error && <Alert color="red">{test.error.message}</Alert>}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => test.mutate(data.hotelId)}
              loading={test.isPending}
              disabled={data.kind === 'roster' && kind === 'roster' ? false : kind !== data.kind}
            >
              {t('hotels.pmsTest')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('hotels.pmsSave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

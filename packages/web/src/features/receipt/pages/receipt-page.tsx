import {
  Alert,
  Anchor,
  Button,
  Center,
  Container,
  Divider,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { setLanguage } from '../../../lib/current-language';
import { ApiError } from '../../../lib/api';
import { browserLanguage } from '../../../lib/language';
import { useMoney } from '../../../lib/venue-format';
import { useReceipt } from '../api/get-receipt';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between">
      <Text>{label}</Text>
      <Text fw={500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** The public receipt page /receipt/{receiptId} (spec section 2): no sign-in, only that sale. */
export function ReceiptPage() {
  const { t } = useTranslation();
  const { receiptId = '' } = useParams();
  const q = useReceipt(receiptId);
  const money = useMoney();
  // The guest's language (the sale's, else the venue's: the server decides); before it is known
  // or when there is no receipt, the browser's.
  const language = q.data?.languageCode;
  useEffect(() => {
    setLanguage(language ?? browserLanguage());
  }, [language]);
  if (q.isPending) {
    return (
      <Center mih="60vh">
        <Loader />
      </Center>
    );
  }
  if (!q.data) {
    return (
      <Container size="xs" py="xl">
        <Alert color="red">
          {q.error instanceof ApiError && q.error.status >= 500 ? q.error.details : t('receipt.notFound')}
        </Alert>
      </Container>
    );
  }
  const r = q.data;
  const o = r.orderInfo;
  const hasTip = Number(o.tipAmount) !== 0;
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs">
          <Center>
            <Image src="/logo.svg" alt={r.venueName} h={64} w="auto" />
          </Center>
          <Title order={2} ta="center">
            {t('receipt.heading')}
          </Title>
          <Text ta="center" c="dimmed">
            {r.venueName}
          </Text>
          <Divider />
          <Row label={t('receipt.invoice')} value={o.invoiceNumber} testId="receipt-invoice" />
          <Row label={t('receipt.purchaseDate')} value={o.purchaseDate} />
          {r.units.map((u) => (
            <Row
              key={`${u.unitLocation}-${u.unitRow}-${u.unitPosition}`}
              label={t('receipt.unit')}
              value={t('receipt.unitWhere', {
                location: u.unitLocation,
                number: u.unitNumber,
                row: u.unitRow,
                position: u.unitPosition,
              })}
            />
          ))}
          {/* Issue 26: what was bought, named in the receipt's language. */}
          <Stack gap={4} data-testid="receipt-items">
            {(r.items ?? []).map((i, n) => (
              <Row key={n} label={i.name} value={money(i.amount)} />
            ))}
          </Stack>
          <Row
            label={t('receipt.payment')}
            value={t(`paymentMethods.${o.paymentMethod}`, { defaultValue: o.paymentMethod })}
          />
          {o.voucherNumber && <Row label={t('receipt.voucher')} value={o.voucherNumber} testId="receipt-voucher" />}
          <Divider />
          {hasTip && (
            <>
              {Number(o.retailPrice) > 0 && (
                <Row label={t('receipt.retailValue')} value={money(o.retailPrice)} testId="receipt-retail" />
              )}
              <Row label={t('receipt.subTotal')} value={money(o.Price)} testId="receipt-subtotal" />
              <Row label={t('receipt.gratuityPercent')} value={`${o.tipPercent}%`} testId="receipt-tip-percent" />
              <Row label={t('receipt.gratuityAmount')} value={money(o.tipAmount)} testId="receipt-tip" />
            </>
          )}
          <Group justify="space-between">
            <Text fw={700}>{t('receipt.total')}</Text>
            <Text fw={700} data-testid="receipt-total">
              {money(o.Total)}
            </Text>
          </Group>
          <Divider />
          <Text size="sm" ta="center">
            {r.venueAddress}
          </Text>
          <Text size="sm" ta="center">
            {t('receipt.questions')} <Anchor href={`mailto:${r.supportEmail}`}>{r.supportEmail}</Anchor>
          </Text>
          <Center className="no-print">
            <Button variant="subtle" onClick={() => window.print()}>
              {t('receipt.print')}
            </Button>
          </Center>
        </Stack>
      </Paper>
    </Container>
  );
}

import { Alert, Button, Center, Container, Group, Loader, Select, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/notify';
import { useQrLocations, useRotateCodes, useUnitCodes } from '../api/codes';
import { QrCode } from '../components/qr-code';
import { useFnbTexts } from '../use-fnb-texts';
import './qr-sheet.css';

/**
 * The printable QR sheet of one location (issue 35 point 2): a card per unit with its label, row
 * and position, the code and "Scan to order / Escanea para pedir". Rotating replaces every code of
 * the location at once, so the old stickers stop working.
 */
export function QrSheetPage() {
  const { t } = useFnbTexts();
  const locations = useQrLocations();
  const [picked, setPicked] = useState<number | null>(null);
  const locationId = picked ?? locations.data?.locations[0]?.id ?? null;
  const { data, isPending, error } = useUnitCodes(locationId);
  const rotate = useRotateCodes();
  return (
    <Container size="lg" py="md" data-testid="qr-sheet">
      <Group justify="space-between" mb="md" className="qr-noprint" align="flex-end">
        <Title order={1} size="h2">
          {data ? t.qr.sheetTitle(data.locationName) : t.admin.qrCodes}
        </Title>
        <Group align="flex-end">
          <Select
            label={t.common.location}
            data={(locations.data?.locations ?? []).map((l) => ({ value: String(l.id), label: l.fullName || l.name }))}
            value={locationId ? String(locationId) : null}
            onChange={(v) => v && setPicked(Number(v))}
            allowDeselect={false}
            w={220}
          />
          <Button onClick={() => window.print()} disabled={!data?.codes.length}>
            {t.qr.print}
          </Button>
          <Button
            color="red"
            variant="light"
            loading={rotate.isPending}
            disabled={!locationId}
            onClick={() => {
              if (!locationId || !window.confirm(t.qr.rotateConfirm)) return;
              rotate.mutate(locationId, {
                onSuccess: (r) => toastSuccess(t.qr.rotated('codes' in r ? r.codes.length : (data?.codes.length ?? 0))),
                onError: (err) => toastError(err instanceof ApiError ? err.details : String(err)),
              });
            }}
          >
            {t.qr.rotate}
          </Button>
        </Group>
      </Group>
      {(isPending || locations.isPending) && locationId !== null && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {error && <Alert color="red">{(error as Error).message}</Alert>}
      {data && data.codes.length === 0 && <Text>{t.qr.noUnits}</Text>}
      {data && (
        <>
          <h2 className="qr-print-title">{t.qr.sheetTitle(data.locationName)}</h2>
          <ul className="qr-grid">
            {data.codes.map((c) => (
              <li key={c.unitId} className="qr-card" data-testid="qr-card" data-unit={c.unitId}>
                <div className="qr-card__label">{c.label}</div>
                <div className="qr-card__where">{t.qr.rowPosition(c.row, c.position)}</div>
                <QrCode value={c.url} size={132} label={`${t.qr.scanToOrder}: ${c.label}`} />
                <div className="qr-card__scan">
                  <span lang="en">{t.qr.scanToOrder}</span>
                  <span lang="es">{t.qr.scanToOrderEs}</span>
                </div>
                <a className="qr-card__url" href={c.url} data-testid="qr-url">
                  {c.url.replace(/^https?:\/\//, '')}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </Container>
  );
}

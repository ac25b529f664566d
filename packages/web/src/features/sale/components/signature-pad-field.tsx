import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import SignaturePad from 'signature_pad';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The Signature step: a 500×200 pad, sent as a PNG data URL (spec section 2). */
export function SignaturePadField({ onDone }: { onDone: (png: string) => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    if (!canvas.current || !canvas.current.getContext('2d')) return;
    const p = new SignaturePad(canvas.current, { backgroundColor: 'rgb(255,255,255)' });
    p.addEventListener('endStroke', () => setEmpty(p.isEmpty()));
    pad.current = p;
    return () => p.off();
  }, []);

  return (
    <Stack gap="xs">
      <Paper withBorder w={502} maw="100%">
        <canvas
          ref={canvas}
          width={500}
          height={200}
          style={{ display: 'block', touchAction: 'none' }}
          data-testid="signature-pad"
        />
      </Paper>
      <Text size="xs" c="dimmed">
        {t('sale.signHere')}
      </Text>
      <Group>
        <Button
          variant="default"
          onClick={() => {
            pad.current?.clear();
            setEmpty(true);
          }}
        >
          {t('sale.clearSignature')}
        </Button>
        {!empty && <Button onClick={() => onDone(pad.current!.toDataURL('image/png'))}>{t('sale.continue')}</Button>}
      </Group>
    </Stack>
  );
}

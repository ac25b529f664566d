import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import SignaturePad from 'signature_pad';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signatureDataUrl } from './signature-png';

/** The spec's pad is 500×200 (section 9); that is the PNG sent, whatever the screen. */
export const signatureWidth = 500;
export const signatureHeight = 200;

/** The pad drawn at `canvas`'s size, as a 500×200 signature on white (a 1-bit PNG: signature-png.ts). */
function exportPng(canvas: HTMLCanvasElement): Promise<string> {
  if (canvas.width === signatureWidth && canvas.height === signatureHeight) return signatureDataUrl(canvas);
  const out = document.createElement('canvas');
  out.width = signatureWidth;
  out.height = signatureHeight;
  const ctx = out.getContext('2d');
  if (!ctx) return Promise.resolve(canvas.toDataURL('image/png'));
  ctx.fillStyle = 'rgb(255,255,255)';
  ctx.fillRect(0, 0, signatureWidth, signatureHeight);
  ctx.drawImage(canvas, 0, 0, signatureWidth, signatureHeight);
  return signatureDataUrl(out);
}

/**
 * The Signature step. The pad fits the screen (a phone is narrower than 500 px): the canvas is
 * drawn at the width available, in the spec's 5:2 shape, and scaled to 500×200 when sent, so a
 * stroke lands where the finger is (signature_pad does not map CSS-scaled canvases).
 */
export function SignaturePadField({ onDone }: { onDone: (png: string) => void }) {
  const { t } = useTranslation();
  const { ref: box, width: available } = useElementSize();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  // Compacting takes a moment: a second tap meanwhile sends nothing more.
  const exporting = useRef(false);
  const width = Math.floor(available > 0 ? Math.min(signatureWidth, available) : signatureWidth);
  const height = Math.round((width * signatureHeight) / signatureWidth);

  useEffect(() => {
    if (!canvas.current || !canvas.current.getContext('2d')) return;
    const p = new SignaturePad(canvas.current, { backgroundColor: 'rgb(255,255,255)' });
    p.addEventListener('endStroke', () => setEmpty(p.isEmpty()));
    pad.current = p;
    setEmpty(true);
    return () => p.off();
  }, [width]);

  return (
    <Stack gap="xs">
      <Box ref={box} w="100%" maw={signatureWidth + 2}>
        {/* Until the box is measured (the first frame) the canvas is 500 wide: the CSS caps keep it
            on a phone's screen meanwhile; once measured it is drawn at the width itself. */}
        <Paper withBorder w={width + 2} maw="100%">
          <canvas
            ref={canvas}
            width={width}
            height={height}
            style={{ display: 'block', touchAction: 'none', maxWidth: '100%', height: 'auto' }}
            data-testid="signature-pad"
            data-sent-size={`${signatureWidth}x${signatureHeight}`}
          />
        </Paper>
      </Box>
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
        {!empty && (
          <Button
            onClick={() => {
              if (!canvas.current || exporting.current) return;
              exporting.current = true;
              void exportPng(canvas.current)
                .then(onDone)
                .finally(() => {
                  exporting.current = false;
                });
            }}
          >
            {t('sale.continue')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

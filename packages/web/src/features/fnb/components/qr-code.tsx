import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code as crisp SVG squares (prints sharp at any size, no canvas, no network): the modules
 * come from `qrcode` (MIT); the drawing is ours. Error correction M survives a sun-bleached,
 * scratched sticker on a lounger better than L, and keeps a short URL at version 3–4.
 */
/** The dark modules of `value`'s QR code as [x, y] (x the column), and its size in modules. */
export function qrModules(value: string): { size: number; dark: [number, number][] } {
  const qr = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const dark: [number, number][] = [];
  for (let y = 0; y < n; y++) {
    // BitMatrix.get(row, column): y is the row (read the other way round the code is mirrored and does not scan).
    for (let x = 0; x < n; x++) if (qr.modules.get(y, x)) dark.push([x, y]);
  }
  return { size: n, dark };
}

export function QrCode({ value, size = 160, label }: { value: string; size?: number; label: string }) {
  const { path, count } = useMemo(() => {
    const { size: n, dark } = qrModules(value);
    return { path: dark.map(([x, y]) => `M${x + 4} ${y + 4}h1v1h-1z`).join(''), count: n + 8 };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      data-qr={value}
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

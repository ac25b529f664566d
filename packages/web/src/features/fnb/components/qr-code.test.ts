import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrModules } from './qr-code';

/** The dark modules of qrcode's own SVG renderer (its path draws each row's runs with `h`). */
async function reference(value: string): Promise<Set<string>> {
  const svg = await QRCode.toString(value, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
  const d = /<path[^>]*stroke[^>]*d="([^"]+)"/.exec(svg)![1]!;
  const cells = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, c, a, b] of d.matchAll(/([Mmh])([-\d.]+)(?:\s([-\d.]+))?/g)) {
    if (c === 'M') [x, y] = [Number(a), Number(b)];
    else if (c === 'm') [x, y] = [x + Number(a), y + Number(b)];
    else {
      for (let i = 0; i < Number(a); i++) cells.add(`${x + i},${Math.floor(y)}`);
      x += Number(a);
    }
  }
  return cells;
}

describe('QR sheet code', () => {
  it("draws the same modules as qrcode's own renderer (not mirrored: a mirrored code does not scan)", async () => {
    const value = 'https://beach.example/order/TP8QUGxnF-3Ok3nrmG81Fg';
    const { dark } = qrModules(value);
    const want = await reference(value);
    expect(dark.length).toBeGreaterThan(100);
    expect(new Set(dark.map(([x, y]) => `${x},${y}`))).toEqual(want);
  });
});

// Draws the app icons (the favicon's umbrella on sand) as PNGs for the web app manifest, with no
// image tool needed: `node scripts/make-pwa-icons.mjs` writes them to packages/web/public/.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const teal = [11, 114, 133];
const yellow = [255, 212, 59];
const white = [255, 255, 255];
const sand = [250, 176, 5];

/** Colour of point (x, y) in the favicon's 64×64 space; null outside the rounded square. */
function colourAt(x, y, maskable) {
  if (!maskable) {
    const r = 12;
    const cx = Math.min(Math.max(x, r), 64 - r);
    const cy = Math.min(Math.max(y, r), 64 - r);
    if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return null;
  }
  // Maskable icons keep their art inside the central safe zone (80 %).
  if (maskable) {
    x = (x - 32) / 0.8 + 32;
    y = (y - 32) / 0.8 + 32;
  }
  if (y >= 52 + 4 * Math.sin(((x - 8) / 48) * 2 * Math.PI) * -0.5 && y <= 58 && x >= 8 && x <= 56) return sand;
  if (x >= 30.5 && x <= 33.5 && y >= 28 && y <= 52) return white;
  if (y <= 28 && y >= 10 && ((x - 32) / 22) ** 2 + ((y - 28) / 18) ** 2 <= 1) return yellow;
  return teal;
}

function png(size, maskable) {
  const ss = 4;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0;
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < ss; sy++)
        for (let sx = 0; sx < ss; sx++) {
          const c = colourAt(((px + (sx + 0.5) / ss) / size) * 64, ((py + (sy + 0.5) / ss) / size) * 64, maskable);
          if (c) {
            r += c[0];
            g += c[1];
            b += c[2];
            a += 255;
          }
        }
      const n = ss * ss;
      const o = py * (size * 4 + 1) + 1 + px * 4;
      const cover = a / 255;
      raw[o] = cover ? Math.round(r / cover) : 0;
      raw[o + 1] = cover ? Math.round(g / cover) : 0;
      raw[o + 2] = cover ? Math.round(b / cover) : 0;
      raw[o + 3] = Math.round(a / n);
    }
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = path.resolve(import.meta.dirname, '../packages/web/public');
for (const [name, size, maskable] of [
  ['pwa-192.png', 192, false],
  ['pwa-512.png', 512, false],
  ['pwa-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]) {
  fs.writeFileSync(path.join(out, name), png(size, maskable));
  console.log(`${name} ${size}×${size}`);
}

import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawSignature } from '../../../../bench/season/signature';
import { compactSignature, isCompactSignature } from '../../src/features/sales/signature-png';

// A pad's PNG comes from whichever browser the tablet runs: any of the five row filters, and a
// colour type of the browser's choosing. The 1-bit image must keep exactly the pixels that are
// darker than half-way once composited over white, whatever the encoding.

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function crc32(buf: Buffer): number {
  let c = -1;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** Encodes 8-bit samples with the given filter on each row (filter of row y = filters[y % n]). */
function encode(
  samples: Uint8Array,
  o: { width: number; height: number; colorType: number; bpp: number; filters: number[]; extra?: Buffer[] },
): Buffer {
  const stride = o.width * o.bpp;
  const raw = Buffer.alloc((stride + 1) * o.height);
  const at = (y: number, x: number) => (y < 0 || x < 0 ? 0 : samples[y * stride + x]!);
  for (let y = 0; y < o.height; y++) {
    const filter = o.filters[y % o.filters.length]!;
    raw[y * (stride + 1)] = filter;
    for (let x = 0; x < stride; x++) {
      const a = at(y, x - o.bpp);
      const b = at(y - 1, x);
      const c = at(y - 1, x - o.bpp);
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter]!;
      raw[y * (stride + 1) + 1 + x] = (at(y, x) - predictor) & 0xff;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(o.width, 0);
  ihdr.writeUInt32BE(o.height, 4);
  ihdr[8] = 8;
  ihdr[9] = o.colorType;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    ...(o.extra ?? []),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The 1-bit image's pixels, 1 for ink. */
function inkOf(png: Buffer): number[] {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat = png.subarray(33 + 8, png.length - 12 - 4);
  const raw = zlib.inflateSync(idat);
  const rowBytes = Math.ceil(width / 8);
  const ink: number[] = [];
  for (let y = 0; y < height; y++) {
    expect(raw[y * (rowBytes + 1)]).toBe(0);
    for (let x = 0; x < width; x++) ink.push(raw[y * (rowBytes + 1) + 1 + (x >> 3)]! & (0x80 >> (x & 7)) ? 0 : 1);
  }
  return ink;
}

/** Deterministic pseudo-random bytes (no flaky seeds). */
function bytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

const darker = (grey: number, alpha: number) => (255 - ((255 - grey) * alpha) / 255 < 128 ? 1 : 0);
const grey = (r: number, g: number, b: number) => (r * 3 + g * 6 + b) / 10;
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

describe('compactSignature reads any PNG a pad sends', () => {
  const width = 37; // not a multiple of 8: the last byte of each 1-bit row is partly padding
  const height = 11;
  const px = width * height;
  const filterSets = [[0], [1], [2], [3], [4], [4, 3, 2, 1, 0]];

  it.each(filterSets)('RGBA, grey, grey + alpha and RGB with filter(s) %s', (...filters) => {
    const cases = [
      {
        colorType: 6,
        bpp: 4,
        expected: (s: Uint8Array, i: number) => darker(grey(s[i * 4]!, s[i * 4 + 1]!, s[i * 4 + 2]!), s[i * 4 + 3]!),
      },
      { colorType: 0, bpp: 1, expected: (s: Uint8Array, i: number) => darker(s[i]!, 255) },
      { colorType: 4, bpp: 2, expected: (s: Uint8Array, i: number) => darker(s[i * 2]!, s[i * 2 + 1]!) },
      {
        colorType: 2,
        bpp: 3,
        expected: (s: Uint8Array, i: number) => darker(grey(s[i * 3]!, s[i * 3 + 1]!, s[i * 3 + 2]!), 255),
      },
    ];
    for (const c of cases) {
      const samples = bytes(px * c.bpp, c.colorType * 31 + filters.length);
      const compact = compactSignature(dataUrl(encode(samples, { width, height, filters, ...c })))!;
      expect([compact.readUInt32BE(16), compact.readUInt32BE(20), compact[24], compact[25]]).toEqual([
        width,
        height,
        1,
        0,
      ]);
      const expected = Array.from({ length: px }, (_, i) => c.expected(samples, i));
      expect({ colorType: c.colorType, ink: inkOf(compact) }).toEqual({ colorType: c.colorType, ink: expected });
    }
  });

  it('a palette image with transparency', () => {
    const palette = Buffer.from(bytes(256 * 3, 7));
    const trns = Buffer.from(bytes(200, 8)); // entries past 200 are opaque
    const samples = bytes(px, 9);
    const png = encode(samples, {
      width,
      height,
      colorType: 3,
      bpp: 1,
      filters: [4, 1],
      extra: [chunk('PLTE', palette), chunk('tRNS', trns)],
    });
    const expected = Array.from(samples, (k) =>
      darker(grey(palette[k * 3]!, palette[k * 3 + 1]!, palette[k * 3 + 2]!), k < trns.length ? trns[k]! : 255),
    );
    expect(inkOf(compactSignature(dataUrl(png))!)).toEqual(expected);
  });

  it('keeps as sent what it cannot read (an unknown filter)', () => {
    const png = encode(bytes(px * 4, 3), { width, height, colorType: 6, bpp: 4, filters: [1] });
    const raw = zlib.inflateSync(png.subarray(33 + 8, png.length - 12 - 4));
    raw[0] = 7;
    const broken = Buffer.concat([
      png.subarray(0, 33),
      chunk('IDAT', zlib.deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(compactSignature(dataUrl(broken))).toEqual(broken);
  });
});

// Issue 25: the tablet sends the 1-bit PNG itself; the server keeps it as it is after a check of
// its bytes, with no image work in the sale, and compacts anything else as before.
describe('a signature the tablet already compacted', () => {
  const rgba = drawSignature(7);
  const compact = compactSignature(`data:image/png;base64,${rgba.toString('base64')}`)!;
  const url = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

  it('is kept byte for byte; a pad’s RGBA PNG is not taken for one', () => {
    expect(isCompactSignature(compact)).toBe(true);
    expect(isCompactSignature(rgba)).toBe(false);
    expect(compactSignature(url(compact))!.equals(compact)).toBe(true);
  });

  it('is refused as compact when a chunk is damaged or its rows are not the image’s size', () => {
    const badCrc = Buffer.from(compact);
    badCrc[badCrc.length - 13]! ^= 0xff; // the IDAT's CRC, just before IEND's 12 bytes
    expect(isCompactSignature(badCrc)).toBe(false);
    const taller = Buffer.from(compact);
    taller.writeUInt32BE(201, 20); // IHDR height: the rows no longer fill it
    taller.writeUInt32BE(crc32(taller.subarray(12, 29)), 29);
    expect(isCompactSignature(taller)).toBe(false);
    expect(isCompactSignature(compact.subarray(0, compact.length - 12))).toBe(false);
  });
});

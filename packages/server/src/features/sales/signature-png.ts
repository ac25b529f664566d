import zlib from 'node:zlib';
import { PNG_SIGNATURE, crc32, isInk, oneBitPng, oneBitRows, rowBytesOf } from '@sandbar/contract/rules/signature-png';

// A signature arrives as the pad's PNG data URL: 500×200 RGBA, ≈14 KB (≈19 KB as base64), most
// of it anti-aliasing of black ink on white. Stored as a 1-bit grey PNG of the same size it is
// ≈1 KB and prints the same on a receipt printer (which is 1-bit anyway). Anything we cannot
// read (another format, interlaced, 16-bit) is kept byte for byte rather than refused. The ink rule
// and the 1-bit PNG's bytes are the contract's (rules/signature-png.ts), shared with the tablet.

const SIGNATURE = Buffer.from(PNG_SIGNATURE);
const DATA_URL = /^data:image\/png;base64,/;

/**
 * Undoes one row's PNG filter in place; `up` is the row above's start, or −1 on the first row
 * (whose "above" is zeros). False for an unknown filter.
 */
function unfilterRow(raw: Buffer, filter: number, row: number, up: number, stride: number, bpp: number): boolean {
  const end = row + stride;
  switch (filter) {
    case 0:
      return true;
    case 1:
      for (let i = row + bpp; i < end; i++) raw[i] = (raw[i]! + raw[i - bpp]!) & 0xff;
      return true;
    case 2:
      if (up >= 0) for (let i = row, j = up; i < end; i++, j++) raw[i] = (raw[i]! + raw[j]!) & 0xff;
      return true;
    case 3:
      if (up < 0) {
        for (let i = row + bpp; i < end; i++) raw[i] = (raw[i]! + (raw[i - bpp]! >> 1)) & 0xff;
        return true;
      }
      for (let i = row, j = up; i < row + bpp; i++, j++) raw[i] = (raw[i]! + (raw[j]! >> 1)) & 0xff;
      for (let i = row + bpp, j = up + bpp; i < end; i++, j++) {
        raw[i] = (raw[i]! + ((raw[i - bpp]! + raw[j]!) >> 1)) & 0xff;
      }
      return true;
    case 4:
      // Paeth: on the first row the predictor is always the left byte (filter 1); on the others
      // the row's first pixel predicts from the byte above (a = c = 0).
      if (up < 0) return unfilterRow(raw, 1, row, up, stride, bpp);
      for (let i = row, j = up; i < row + bpp; i++, j++) raw[i] = (raw[i]! + raw[j]!) & 0xff;
      for (let i = row + bpp, j = up + bpp; i < end; i++, j++) {
        const a = raw[i - bpp]!;
        const b = raw[j]!;
        const c = raw[j - bpp]!;
        const p = a + b - c;
        const pa = p > a ? p - a : a - p;
        const pb = p > b ? p - b : b - p;
        const pc = p > c ? p - c : c - p;
        raw[i] = (raw[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
      }
      return true;
    default:
      return false;
  }
}

/** The PNG's pixels as ink coverage per pixel (true = dark), or null when we cannot read it. */
function inkOf(png: Buffer): { width: number; height: number; ink: Uint8Array } | null {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE)) return null;
  let off = 8;
  let width = 0;
  let height = 0;
  let colorType = -1;
  let palette: Buffer | null = null;
  let trns: Buffer | null = null;
  const idat: Buffer[] = [];
  while (off + 8 <= png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString('ascii', off + 4, off + 8);
    const data = png.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const depth = data[8];
      colorType = data[9]!;
      if (depth !== 8 || data[12] !== 0) return null;
    } else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') trns = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    off += 12 + len;
  }
  const bpp = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colorType];
  if (!bpp || !width || !height || width * height > 4_000_000 || (colorType === 3 && !palette)) return null;
  let raw: Buffer;
  try {
    raw = zlib.inflateSync(Buffer.concat(idat));
  } catch {
    return null;
  }
  const stride = width * bpp;
  if (raw.length < (stride + 1) * height) return null;
  // Undo the row filters in place (each row reads the one above, already undone).
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1) + 1;
    if (!unfilterRow(raw, raw[row - 1]!, row, y > 0 ? row - (stride + 1) : -1, stride, bpp)) return null;
  }
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1) + 1;
    const out = y * width;
    if (colorType === 6) {
      for (let x = 0, i = row; x < width; x++, i += 4) {
        ink[out + x] = isInk(raw[i]! * 3 + raw[i + 1]! * 6 + raw[i + 2]!, raw[i + 3]!) ? 1 : 0;
      }
    } else if (colorType === 2) {
      for (let x = 0, i = row; x < width; x++, i += 3) {
        ink[out + x] = isInk(raw[i]! * 3 + raw[i + 1]! * 6 + raw[i + 2]!, 255) ? 1 : 0;
      }
    } else if (colorType === 0) {
      for (let x = 0; x < width; x++) ink[out + x] = isInk(raw[row + x]! * 10, 255) ? 1 : 0;
    } else if (colorType === 4) {
      for (let x = 0, i = row; x < width; x++, i += 2) ink[out + x] = isInk(raw[i]! * 10, raw[i + 1]!) ? 1 : 0;
    } else {
      for (let x = 0; x < width; x++) {
        const k = raw[row + x]!;
        const grey10 = palette![k * 3]! * 3 + palette![k * 3 + 1]! * 6 + palette![k * 3 + 2]!;
        ink[out + x] = isInk(grey10, trns && k < trns.length ? trns[k]! : 255) ? 1 : 0;
      }
    }
  }
  return { width, height, ink };
}

/** A 1-bit grey PNG of the ink. */
function encode1Bit(width: number, height: number, ink: Uint8Array): Buffer {
  const rows = oneBitRows(width, height, (x, y) => ink[y * width + x] === 1);
  // Level 6, not 9: on a signature's runs of white, level 9 walks long match chains for 3 ms
  // to save 6 % (1,176 against 1,244 bytes); level 6 takes 0.2 ms.
  const png = oneBitPng(width, height, zlib.deflateSync(rows, { level: 6 }));
  return Buffer.from(png.buffer, png.byteOffset, png.length);
}

/** The largest pad a compact signature may be (the wizard sends 500×200). */
const COMPACT_MAX = { width: 2000, height: 1000 };

/**
 * True when the PNG is already what we store: a 1-bit greyscale, non-interlaced image of a pad's
 * size whose chunks are whole, each with its right CRC, IHDR first and IEND last. Checked from the
 * bytes (≈1 KB) without inflating the pixels: the tablet compacts its signature itself
 * (web features/sale/components/signature-png.ts), so a sale costs the server no image work.
 */
export function isCompactSignature(png: Buffer): boolean {
  if (png.length < 8 + 25 + 12 || !png.subarray(0, 8).equals(SIGNATURE)) return false;
  if (png.readUInt32BE(8) !== 13 || png.toString('ascii', 12, 16) !== 'IHDR') return false;
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [depth, colorType, compression, filter, interlace] = png.subarray(24, 29);
  if (!width || !height || width > COMPACT_MAX.width || height > COMPACT_MAX.height) return false;
  if (depth !== 1 || colorType !== 0 || compression !== 0 || filter !== 0 || interlace !== 0) return false;
  let off = 8;
  const idat: Buffer[] = [];
  while (off + 12 <= png.length) {
    const len = png.readUInt32BE(off);
    const end = off + 12 + len;
    if (end > png.length) return false;
    const type = png.toString('ascii', off + 4, off + 8);
    if (crc32(png.subarray(off + 4, off + 8 + len)) !== png.readUInt32BE(off + 8 + len)) return false;
    if (type === 'IDAT') idat.push(png.subarray(off + 8, off + 8 + len));
    if (type === 'IEND') {
      if (idat.length === 0 || end !== png.length) return false;
      // The pixels inflate to exactly the image's rows (≈13 KB from ≈1 KB: tens of microseconds).
      const rows = rowBytesOf(width, height);
      try {
        return zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: rows + 1 }).length === rows;
      } catch {
        return false;
      }
    }
    off = end;
  }
  return false;
}

/**
 * The bytes to store for a signature data URL: as sent when the tablet already compacted it to a
 * 1-bit PNG; else the 1-bit PNG of it when the image can be read (older tablets send the pad's
 * RGBA PNG), else the decoded original. Null for an empty or non-PNG value (nothing to store).
 */
export function compactSignature(dataUrl: string | null | undefined): Buffer | null {
  if (!dataUrl || !DATA_URL.test(dataUrl)) return null;
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (isCompactSignature(png)) return png;
  const pixels = inkOf(png);
  if (!pixels) return png.length ? png : null;
  return encode1Bit(pixels.width, pixels.height, pixels.ink);
}

/** The data URL a stored signature is shown as. */
export function signatureDataUrl(bytes: Buffer | Uint8Array): string {
  return `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;
}

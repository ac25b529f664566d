import zlib from 'node:zlib';

// A signature arrives as the pad's PNG data URL: 500×200 RGBA, ≈14 KB (≈19 KB as base64), most
// of it anti-aliasing of black ink on white. Stored as a 1-bit grey PNG of the same size it is
// ≈1 KB and prints the same on a receipt printer (which is 1-bit anyway). Anything we cannot
// read (another format, interlaced, 16-bit) is kept byte for byte rather than refused.

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL = /^data:image\/png;base64,/;

let crcTable: Int32Array | null = null;
function crc32(buf: Buffer): number {
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  let c = -1;
  for (let i = 0; i < buf.length; i++) c = crcTable[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
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
    const up = row - (stride + 1);
    const filter = raw[row - 1]!;
    if (filter === 1) {
      for (let x = bpp; x < stride; x++) raw[row + x] = (raw[row + x]! + raw[row + x - bpp]!) & 0xff;
    } else if (filter === 2) {
      if (y > 0) for (let x = 0; x < stride; x++) raw[row + x] = (raw[row + x]! + raw[up + x]!) & 0xff;
    } else if (filter === 3) {
      for (let x = 0; x < stride; x++) {
        const a = x >= bpp ? raw[row + x - bpp]! : 0;
        const b = y > 0 ? raw[up + x]! : 0;
        raw[row + x] = (raw[row + x]! + ((a + b) >> 1)) & 0xff;
      }
    } else if (filter === 4) {
      for (let x = 0; x < stride; x++) {
        const a = x >= bpp ? raw[row + x - bpp]! : 0;
        const b = y > 0 ? raw[up + x]! : 0;
        const c = x >= bpp && y > 0 ? raw[up + x - bpp]! : 0;
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        raw[row + x] = (raw[row + x]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
      }
    } else if (filter !== 0) return null;
  }
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1) + 1;
    for (let x = 0; x < width; x++) {
      const i = row + x * bpp;
      let grey: number;
      let alpha = 255;
      if (colorType === 6) {
        grey = (raw[i]! * 3 + raw[i + 1]! * 6 + raw[i + 2]!) / 10;
        alpha = raw[i + 3]!;
      } else if (colorType === 2) grey = (raw[i]! * 3 + raw[i + 1]! * 6 + raw[i + 2]!) / 10;
      else if (colorType === 0) grey = raw[i]!;
      else if (colorType === 4) {
        grey = raw[i]!;
        alpha = raw[i + 1]!;
      } else {
        const k = raw[i]!;
        grey = (palette![k * 3]! * 3 + palette![k * 3 + 1]! * 6 + palette![k * 3 + 2]!) / 10;
        alpha = trns && k < trns.length ? trns[k]! : 255;
      }
      // Composite over white (a transparent pad is white paper), then half-way is ink.
      ink[y * width + x] = 255 - ((255 - grey) * alpha) / 255 < 128 ? 1 : 0;
    }
  }
  return { width, height, ink };
}

/** A 1-bit grey PNG of the ink (0 = black, as PNG greyscale has it). */
function encode1Bit(width: number, height: number, ink: Uint8Array): Buffer {
  const rowBytes = Math.ceil(width / 8);
  const raw = Buffer.alloc((rowBytes + 1) * height, 0);
  for (let y = 0; y < height; y++) {
    const base = y * (rowBytes + 1);
    // Filter 0; bits start white (1) and ink clears them.
    raw.fill(0xff, base + 1, base + 1 + rowBytes);
    for (let x = 0; x < width; x++) {
      if (ink[y * width + x]) raw[base + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The bytes to store for a signature data URL: the 1-bit PNG when the image can be read, else
 * the decoded original. Null for an empty or non-PNG value (nothing to store).
 */
export function compactSignature(dataUrl: string | null | undefined): Buffer | null {
  if (!dataUrl || !DATA_URL.test(dataUrl)) return null;
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const pixels = inkOf(png);
  if (!pixels) return png.length ? png : null;
  return encode1Bit(pixels.width, pixels.height, pixels.ink);
}

/** The data URL a stored signature is shown as. */
export function signatureDataUrl(bytes: Buffer | Uint8Array): string {
  return `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;
}

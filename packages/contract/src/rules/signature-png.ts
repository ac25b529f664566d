// The stored form of a sale's signature, shared by the tablet (which makes it) and the server
// (which checks it, or makes it from an older tablet's RGBA PNG): a 1-bit greyscale PNG of the
// pad, ≈1 KB, the receipt printer's own depth. Both sides must agree on the ink rule and the bytes,
// so they live here once; each side brings its own deflate (the browser's CompressionStream, Node's
// zlib). Plain Uint8Array throughout: a Node Buffer is one.

/** The eight bytes every PNG starts with. */
export const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let crcTable: Int32Array | null = null;
/** The CRC-32 a PNG chunk carries (over its type and data). */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  let c = -1;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * The ink rule: composited over white (a transparent pad is white paper), a pixel darker than
 * half-way is ink. 255 − (255 − grey)·alpha/255 < 128 with grey = (3r + 6g + b)/10, in integers:
 * (2550 − grey10)·alpha > 127·255·10.
 */
export const isInk = (grey10: number, alpha: number): boolean => (2550 - grey10) * alpha > 127 * 255 * 10;

/** The bytes of a 1-bit row image (filter 0 on each row; 1 = white, as PNG grey has it). */
export const rowBytesOf = (width: number, height: number) => (Math.ceil(width / 8) + 1) * height;

/** The pixel rows of a 1-bit image: `inkAt(x, y)` says which pixels are ink. */
export function oneBitRows(width: number, height: number, inkAt: (x: number, y: number) => boolean): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const raw = new Uint8Array(rowBytesOf(width, height));
  for (let y = 0; y < height; y++) {
    const base = y * (rowBytes + 1);
    // Filter 0; bits start white and ink clears them.
    raw.fill(0xff, base + 1, base + 1 + rowBytes);
    for (let x = 0; x < width; x++) if (inkAt(x, y)) raw[base + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
  }
  return raw;
}

/** The pixel rows of the ink in a canvas's RGBA pixels. */
export function rgbaInkRows(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  return oneBitRows(width, height, (x, y) => {
    const i = (y * width + x) * 4;
    return isInk(rgba[i]! * 3 + rgba[i + 1]! * 6 + rgba[i + 2]!, rgba[i + 3]!);
  });
}

/** The 1-bit greyscale PNG around its deflated rows (zlib format, as a PNG's IDAT holds). */
export function oneBitPng(width: number, height: number, deflatedRows: Uint8Array): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const parts = [
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflatedRows),
    pngChunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

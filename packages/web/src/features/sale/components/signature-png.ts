// The tablet sends its signature as a 1-bit greyscale PNG (≈1 KB), the form the server stores and
// the receipt printer prints, instead of the pad's RGBA PNG (≈14 KB) that the server had to inflate,
// threshold and deflate again inside every sale (issue 25: ×2.4 a sale's CPU on SQLite). The ink
// rule is the server's (server features/sales/signature-png.ts): composited over white, a pixel
// darker than half-way is ink. The server checks the header, the chunks and the pixel rows' size,
// and compacts itself whatever else arrives (an older tablet's RGBA PNG).

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let crcTable: Int32Array | null = null;
function crc32(bytes: Uint8Array): number {
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

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The pixel rows of a 1-bit image of the ink (filter 0 per row; 1 = white, as PNG grey has it). */
export function inkRows(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const raw = new Uint8Array((rowBytes + 1) * height);
  // (2550 − (3r + 6g + b))·alpha > 127·255·10: darker than half-way once over white.
  const INK = 127 * 255 * 10;
  for (let y = 0; y < height; y++) {
    const base = y * (rowBytes + 1);
    raw.fill(0xff, base + 1, base + 1 + rowBytes);
    for (let x = 0, i = y * width * 4; x < width; x++, i += 4) {
      if ((2550 - (rgba[i]! * 3 + rgba[i + 1]! * 6 + rgba[i + 2]!)) * rgba[i + 3]! > INK) {
        raw[base + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
      }
    }
  }
  return raw;
}

async function zlibDeflate(bytes: Uint8Array): Promise<Uint8Array> {
  // 'deflate' is the zlib format a PNG's IDAT holds.
  const cs = new CompressionStream('deflate');
  const writer = cs.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>);
  void writer.close();
  return new Uint8Array(await new Response(cs.readable).arrayBuffer());
}

/** A 1-bit greyscale PNG of the pad's RGBA pixels. */
export async function encodeSignaturePng(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const parts = [
    Uint8Array.from(PNG_SIGNATURE),
    chunk('IHDR', ihdr),
    chunk('IDAT', await zlibDeflate(inkRows(rgba, width, height))),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * The signature as the data URL the sale sends: the 1-bit PNG of the canvas, or the canvas's own
 * PNG where this browser cannot read its pixels or compress (the server compacts that one).
 */
export async function signatureDataUrl(canvas: HTMLCanvasElement): Promise<string> {
  const ctx = canvas.getContext('2d');
  if (!ctx || typeof CompressionStream === 'undefined') return canvas.toDataURL('image/png');
  try {
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return `data:image/png;base64,${base64(await encodeSignaturePng(data, canvas.width, canvas.height))}`;
  } catch {
    return canvas.toDataURL('image/png');
  }
}

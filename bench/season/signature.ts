import zlib from 'node:zlib';

// Signatures as the sale wizard sends them: signature_pad on a 500×200 canvas with a white
// background, exported with toDataURL('image/png') — an RGBA PNG of dark, anti-aliased strokes of
// varying width, as a base64 data URL. Drawing and deflating one costs a few milliseconds, so a
// season reuses a small pool of distinct ones (each stored in full, as the app stores them).

const W = 500;
const H = 200;

let crcTable: Uint32Array | null = null;
function crc32(buf: Buffer): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** Encodes RGBA pixels as a PNG the way a browser does: adaptive (here Sub/Up) filters, zlib. */
export function encodePng(rgba: Uint8Array, width: number, height: number, colorType: 6 | 0 = 6): Buffer {
  const bpp = colorType === 6 ? 4 : 1;
  const stride = width * bpp;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    // Up filter for all rows but the first (Sub): close to what browsers pick for line art.
    raw[row] = y === 0 ? 1 : 2;
    for (let x = 0; x < stride; x++) {
      const cur = rgba[y * stride + x]!;
      const pred = y === 0 ? (x >= bpp ? rgba[y * stride + x - bpp]! : 0) : rgba[(y - 1) * stride + x]!;
      raw[row + 1 + x] = (cur - pred) & 0xff;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = colorType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A deterministic pseudo-random generator (sfc32, 128 bits of state): the same seed draws the same
 * season, and the streams of different days never run into each other.
 */
export function rng(seed: number | Buffer): () => number {
  const s = typeof seed === 'number' ? Buffer.alloc(16) : seed;
  if (typeof seed === 'number') s.writeUInt32BE(seed >>> 0, 0);
  let a = s.readUInt32BE(0);
  let b = s.readUInt32BE(4);
  let c = s.readUInt32BE(8);
  let d = s.readUInt32BE(12) | 1;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** One signature: a few looping strokes across the pad, pen width varying with speed. */
export function drawSignature(seed: number): Buffer {
  const rand = rng(seed);
  const px = new Uint8Array(W * H * 4).fill(255);
  const ink = (x: number, y: number, cover: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= W || yi >= H) return;
    const i = (yi * W + xi) * 4;
    // Dark ink blended over white; signature_pad draws rgb(0,0,0) with anti-aliased edges.
    const v = Math.round(px[i]! * (1 - cover));
    px[i] = v;
    px[i + 1] = v;
    px[i + 2] = v;
  };
  const strokes = 2 + Math.floor(rand() * 3);
  let x = 30 + rand() * 40;
  for (let s = 0; s < strokes; s++) {
    let y = 60 + rand() * 80;
    const len = 120 + rand() * 160;
    const freq = 0.05 + rand() * 0.12;
    const amp = 15 + rand() * 35;
    const phase = rand() * Math.PI * 2;
    const x0 = x;
    for (let t = 0; t < len; t += 0.35) {
      const cx = x0 + t;
      const cy = y + Math.sin(t * freq + phase) * amp + Math.sin(t * freq * 3.1) * amp * 0.3;
      const speed = Math.abs(Math.cos(t * freq + phase));
      const r = 0.9 + (1 - speed) * 1.6;
      for (let dx = -3; dx <= 3; dx++) {
        for (let dy = -3; dy <= 3; dy++) {
          const d = Math.hypot(dx, dy);
          if (d <= r + 0.5) ink(cx + dx, cy + dy, Math.min(1, r + 0.5 - d) * 0.35);
        }
      }
    }
    x = Math.min(W - 60, x0 + len * (0.6 + rand() * 0.3));
    y += (rand() - 0.5) * 30;
  }
  return encodePng(px, W, H);
}

/** A pool of distinct signature data URLs, as the wizard posts them. */
export function signaturePool(size: number, seed = 1): string[] {
  return Array.from(
    { length: size },
    (_, i) => `data:image/png;base64,${drawSignature(seed * 1000 + i).toString('base64')}`,
  );
}

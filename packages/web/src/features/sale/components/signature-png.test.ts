import { describe, expect, it } from 'vitest';
import { rgbaInkRows as inkRows } from '@sandbar/contract/rules/signature-png';
import { encodeSignaturePng } from './signature-png';

// The tablet's 1-bit signature must be a PNG the server takes as it is (server
// sales/signature-png.ts isCompactSignature: 1-bit grey IHDR, whole chunks with their CRCs, rows
// that inflate to the image's size) and keep exactly the pixels the server's rule calls ink.

const W = 500;
const H = 200;

function pad(): Uint8ClampedArray {
  const px = new Uint8ClampedArray(W * H * 4).fill(255);
  const set = (x: number, y: number, rgba: [number, number, number, number]) => px.set(rgba, (y * W + x) * 4);
  for (let x = 20; x < 480; x++) set(x, 100 + Math.round(30 * Math.sin(x / 20)), [0, 0, 0, 255]);
  set(3, 3, [128, 128, 128, 255]); // lighter than half-way: paper
  set(4, 3, [126, 126, 126, 255]); // darker: ink
  set(5, 3, [0, 0, 0, 0]); // transparent black is white paper
  set(6, 3, [0, 0, 0, 200]); // mostly opaque black: ink
  return px;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const ds = new DecompressionStream('deflate');
  const writer = ds.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>);
  void writer.close();
  return new Uint8Array(await new Response(ds.readable).arrayBuffer());
}

function crc32(bytes: Uint8Array): number {
  let c = -1;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ -1) >>> 0;
}

describe('the tablet’s 1-bit signature', () => {
  it('is a 1-bit greyscale PNG of the pad’s size, chunk by chunk, whose rows are the ink', async () => {
    const px = pad();
    const png = await encodeSignaturePng(px, W, H);
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const chunks: { type: string; data: Uint8Array }[] = [];
    for (let off = 8; off < png.length;) {
      const len = view.getUint32(off);
      const type = String.fromCharCode(...png.subarray(off + 4, off + 8));
      expect(view.getUint32(off + 8 + len), type).toBe(crc32(png.subarray(off + 4, off + 8 + len)));
      chunks.push({ type, data: png.subarray(off + 8, off + 8 + len) });
      off += 12 + len;
    }
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset, 13);
    expect([ihdr.getUint32(0), ihdr.getUint32(4), ...chunks[0]!.data.subarray(8, 13)]).toEqual([W, H, 1, 0, 0, 0, 0]);
    const rows = await inflate(chunks[1]!.data);
    expect(rows).toEqual(inkRows(px, W, H));
    expect(png.length).toBeLessThan(2000);
  });

  it('calls ink what the server calls ink: darker than half-way over white', () => {
    const rows = inkRows(pad(), W, H);
    const rowBytes = Math.ceil(W / 8);
    const isInk = (x: number, y: number) => (rows[y * (rowBytes + 1) + 1 + (x >> 3)]! & (0x80 >> (x & 7))) === 0;
    expect([isInk(3, 3), isInk(4, 3), isInk(5, 3), isInk(6, 3), isInk(0, 0)]).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(isInk(20, 100 + Math.round(30 * Math.sin(1)))).toBe(true);
  });
});

import { oneBitPng, rgbaInkRows } from '@sandbar/contract/rules/signature-png';

// The tablet sends its signature as a 1-bit greyscale PNG (≈1 KB), the form the server stores and
// the receipt printer prints, instead of the pad's RGBA PNG (≈14 KB) that the server had to inflate,
// threshold and deflate again inside every sale (issue 25: ×2.4 a sale's CPU on SQLite). The ink
// rule and the PNG's bytes are the contract's (rules/signature-png.ts), shared with the server,
// which checks the header, the chunks and the pixel rows' size, and compacts itself whatever else
// arrives (an older tablet's RGBA PNG).

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
  return oneBitPng(width, height, await zlibDeflate(rgbaInkRows(rgba, width, height)));
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

// ESC/POS for the Android wrapper's receipt printer (DESIGN.md section 6: `PrintCode`).
// Just enough of the command set for text slips: initialise, lines of text, feed and cut.

const ESC = 0x1b;
const GS = 0x1d;

/** ESC @: reset the printer. */
const INIT = [ESC, 0x40];
/** GS V 66 n: feed n lines and cut (partial cut). */
const FEED_AND_CUT = [GS, 0x56, 0x42, 0x03];

/** Printers speak a single-byte code page: keep ASCII, replace anything else with '?'. */
function toPrinterBytes(text: string): number[] {
  const out: number[] = [];
  for (const ch of text.normalize('NFKD')) {
    const c = ch.charCodeAt(0);
    if (c >= 0x20 && c < 0x7f) out.push(c);
    else if (c >= 0x300 && c <= 0x36f)
      continue; // combining accents dropped after NFKD
    else if (ch === '\t') out.push(0x20);
    else out.push(0x3f);
  }
  return out;
}

/** Raw ESC/POS bytes of a slip: init, each line followed by LF, then feed and cut. */
export function escposBytes(lines: string[]): Buffer {
  const bytes: number[] = [...INIT];
  for (const line of lines) {
    for (const part of line.split(/\r?\n/)) bytes.push(...toPrinterBytes(part), 0x0a);
  }
  bytes.push(...FEED_AND_CUT);
  return Buffer.from(bytes);
}

/** A printable slip as base64 (what `PrintCode` carries to the Android printer). */
export function escposDocument(lines: string[]): string {
  return escposBytes(lines).toString('base64');
}

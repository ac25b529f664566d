import { documentExtensions, imageExtensions } from '@sandbar/contract/uploads';

const mimeByExt: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  csv: 'text/csv',
  txt: 'text/plain',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function extensionOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(fileName);
  return m ? m[1]!.toLowerCase() : '';
}

const starts = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

/** The content must match its extension: images and PDFs by their first bytes, text without NULs. */
function contentMatches(ext: string, b: Buffer, hasNul: boolean): boolean {
  switch (ext) {
    case 'png':
      return starts(b, [0x89, 0x50, 0x4e, 0x47]);
    case 'jpg':
    case 'jpeg':
      return starts(b, [0xff, 0xd8, 0xff]);
    case 'gif':
      return starts(b, [0x47, 0x49, 0x46, 0x38]);
    case 'webp':
      return starts(b, [0x52, 0x49, 0x46, 0x46]) && starts(b, [0x57, 0x45, 0x42, 0x50], 8);
    case 'pdf':
      return starts(b, [0x25, 0x50, 0x44, 0x46]);
    case 'csv':
    case 'txt':
      return !hasNul;
    case 'docx':
    case 'xlsx':
      return starts(b, [0x50, 0x4b, 0x03, 0x04]);
    case 'doc':
    case 'xls':
      return starts(b, [0xd0, 0xcf, 0x11, 0xe0]);
    default:
      return false;
  }
}

export type FileKind = 'image' | 'document' | 'csv';

/** Checks a file against the allowed types for its kind; returns the mime type or a reason. */
export function checkType(
  fileName: string,
  content: { head: Buffer; hasNul: boolean },
  kind: FileKind,
): { mime: string; ext: string } | { error: string } {
  const ext = extensionOf(fileName);
  const allowed: readonly string[] =
    kind === 'image' ? imageExtensions : kind === 'csv' ? ['csv', 'txt'] : documentExtensions;
  if (!allowed.includes(ext))
    return { error: `Only ${allowed.map((e) => `.${e}`).join(', ')} files can be uploaded here.` };
  if (!contentMatches(ext, content.head, content.hasNul)) return { error: `The file's content is not a .${ext} file.` };
  return { mime: mimeByExt[ext] ?? 'application/octet-stream', ext };
}

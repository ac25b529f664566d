import { rosterColumns } from '@sandbar/contract/hotels';

export interface RosterLine {
  room: string;
  guestName: string;
  accompanyingGuestName: string;
  additional: number;
}

/** RFC 4180 CSV: quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  while (i < s.length) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (c === '\r' && s[i + 1] === '\n') i++;
    } else field += c;
    i++;
  }
  if (quoted) throw new Error('A quoted field is not closed.');
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/**
 * Reads a guest roster (spec section 3: Room, Guest_Name, Accompanying_Guest_Name, Additional).
 * The header names the columns (any order, case and spaces ignored); every row must have a room
 * and a guest name, and Additional is 0 or 1 (blank = 0). Any bad row rejects the whole file, so a
 * roster is never half loaded. Returns the lines or a reason for the upload's red row.
 */
export function readRoster(text: string, maxRows: number): { lines: RosterLine[] } | { error: string } {
  let rows: string[][];
  try {
    rows = parseCsv(text);
  } catch (err) {
    return { error: `The file is not valid CSV: ${(err as Error).message}` };
  }
  const header = rows.shift();
  const norm = (h: string) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
  const index = rosterColumns.map((c) => header?.map(norm).indexOf(c.toLowerCase()) ?? -1);
  if (!header || index.some((i) => i < 0))
    return { error: `The first line must name the columns ${rosterColumns.join(', ')}.` };
  if (!rows.length) return { error: 'The file has no guests.' };
  if (rows.length > maxRows) return { error: `The file has more than ${maxRows} guests.` };
  const [iRoom, iName, iAcc, iAdd] = index as [number, number, number, number];
  const lines: RosterLine[] = [];
  for (const [n, r] of rows.entries()) {
    const line = n + 2;
    const room = (r[iRoom] ?? '').trim();
    const guestName = (r[iName] ?? '').trim();
    const additional = (r[iAdd] ?? '').trim() || '0';
    if (!room) return { error: `Line ${line}: Room is blank.` };
    if (room.length > 20) return { error: `Line ${line}: Room is longer than 20 characters.` };
    if (!guestName) return { error: `Line ${line}: Guest_Name is blank.` };
    if (additional !== '0' && additional !== '1') return { error: `Line ${line}: Additional must be 0 or 1.` };
    lines.push({
      room,
      guestName: guestName.slice(0, 200),
      accompanyingGuestName: (r[iAcc] ?? '').trim().slice(0, 200),
      additional: Number(additional),
    });
  }
  return { lines };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@sandbar/contract/messages';
import type { AccessArea } from '@sandbar/contract/roles';
import { canAccess } from '@sandbar/contract/roles';
import {
  type FileUpdateResponse,
  type FileUploadResponse,
  type NewFileNameResponse,
  type UploadedDocument,
  rosterFolderId,
  uploadLimits,
} from '@sandbar/contract/uploads';
import type { AppDeps } from '../../platform/deps';
import type { UploadsTable } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { randomToken } from '../../platform/passwords';
import type { SessionUser } from '../auth/auth.service';
import { importRoster } from '../hotels/hotels.service';
import { type FileKind, checkType } from './file-types';
import type { IncomingFile, IncomingForm } from './incoming';
import * as repo from './uploads.repository';

export type { IncomingFile, IncomingForm } from './incoming';

/** Where the bytes live: SANDBAR_DATA_DIR/uploads (docs/decisions/030-uploads-storage.md). */
export function uploadsDir(deps: Pick<AppDeps, 'env'>): string {
  return path.resolve(deps.env.SANDBAR_DATA_DIR, 'uploads');
}

/** Where files being received wait: beside the stored ones; never served (not a stored name). */
export function incomingDir(deps: Pick<AppDeps, 'env'>): string {
  return path.join(uploadsDir(deps), '.incoming');
}

/**
 * A file still being received when the server stopped (a crash, a kill) stays in .incoming for
 * ever: removed at start once it is older than any upload could take. Younger ones may belong to
 * another instance sharing the folder, mid-upload.
 */
export const INCOMING_STALE_MS = 60 * 60 * 1000;

/** Removes the leftovers in .incoming older than INCOMING_STALE_MS; answers how many. */
export async function sweepIncoming(deps: Pick<AppDeps, 'env'>, nowMs = Date.now()): Promise<number> {
  const dir = incomingDir(deps);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0; // no folder yet: nothing was ever received
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile() || nowMs - stat.mtimeMs <= INCOMING_STALE_MS) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}

/** The public path of a stored file: random, never guessable from the original name. */
export const fileUrl = (storedName: string) => `/api/uploads/${storedName}`;

function allow(user: SessionUser, area: AccessArea) {
  if (!canAccess(user.userType, area)) throw forbidden('Your role does not allow this upload.');
}

/** Which screen a record-attached upload belongs to decides who may make it. */
function areaForTable(tableName: string): AccessArea {
  switch (tableName) {
    case 'hotels':
    case 'hotel_guests':
      return 'hotels';
    case 'prices':
      return 'prices';
    case 'locations':
      return 'locationsEdit';
    case 'users':
    case 'people':
      return 'people';
    default:
      return 'config';
  }
}

const areaForFolder = (folderId: string): AccessArea => (folderId === rosterFolderId ? 'hotels' : 'config');

/** The screen a stored file belongs to: who may upload it, and who may download a document. */
export function areaOfUpload(row: Pick<UploadsTable, 'kind' | 'table_name' | 'folder_id'>): AccessArea {
  return row.kind === 'document' || row.kind === 'roster' ? areaForFolder(row.folder_id) : areaForTable(row.table_name);
}

function limitFor(kind: FileKind) {
  return kind === 'image'
    ? uploadLimits.imageBytes
    : kind === 'csv'
      ? uploadLimits.rosterBytes
      : uploadLimits.fileBytes;
}

export const tooLargeText = (max: number) => `The file is larger than ${Math.round(max / 1024 / 1024)} MB.`;

type Check = { ok: true; mime: string; ext: string } | { ok: false; reason: string };

function check(file: IncomingFile, kind: FileKind): Check {
  const max = limitFor(kind);
  if (file.tooLarge || file.size > max) return { ok: false, reason: tooLargeText(max) };
  if (!file.size) return { ok: false, reason: 'The file is empty.' };
  const t = checkType(file.fileName, file, kind);
  return 'error' in t ? { ok: false, reason: t.error } : { ok: true, ...t };
}

async function store(
  deps: AppDeps,
  user: SessionUser,
  file: IncomingFile,
  mime: string,
  ext: string,
  row: Partial<Omit<UploadsTable, 'id'>> & { kind: UploadsTable['kind']; status: number },
): Promise<{ id: number; storedName: string }> {
  const storedName = `${randomToken(24)}.${ext}`;
  const dir = uploadsDir(deps);
  await fs.mkdir(dir, { recursive: true });
  // The temporary file is on the same disk (uploads/.incoming): a rename puts it in place.
  await fs.rename(file.tmpPath, path.join(dir, storedName));
  const id = await repo.insertUpload(deps.db, {
    table_name: '',
    record_id: '',
    field_name: '',
    client_id: '',
    folder_id: '',
    full_path: '',
    status_reason: '',
    ...row,
    file_name: file.fileName.slice(0, 255),
    stored_name: storedName,
    mime_type: mime,
    size_bytes: file.size,
    user_id: user.id,
    created_at: deps.clock.now(),
  });
  return { id, storedName };
}

/** POST /file-upload and /image-upload: one file for a record's field; answers its new name. */
export async function recordUpload(
  deps: AppDeps,
  user: SessionUser,
  form: IncomingForm,
  kind: 'file' | 'image',
): Promise<NewFileNameResponse> {
  const tableName = (form.fields.tableName ?? '').slice(0, 100);
  allow(user, areaForTable(tableName));
  const file = form.files[0];
  if (!file) throw badRequest('Choose a file to upload.');
  const c = check(file, kind === 'image' ? 'image' : 'document');
  if (!c.ok) throw badRequest(c.reason);
  const { storedName } = await store(deps, user, file, c.mime, c.ext, {
    kind,
    status: 1,
    table_name: tableName,
    record_id: (form.fields.id ?? '').slice(0, 100),
    field_name: (form.fields.name ?? '').slice(0, 100),
  });
  return { newFileName: storedName, url: fileUrl(storedName) };
}

/**
 * POST /fileUpload: documents for a client's folder, each with its own outcome. A name already
 * in the folder is refused with the spec's duplicate warning. The hotel roster folder imports
 * each CSV into the hotel's guest roster (clientId = hotel id).
 */
export async function documentsUpload(
  deps: AppDeps,
  user: SessionUser,
  form: IncomingForm,
): Promise<FileUploadResponse> {
  const clientId = (form.fields.clientId ?? '').trim().slice(0, 100);
  const folderId = (form.fields.folderId ?? '').trim().slice(0, 100);
  allow(user, areaForFolder(folderId));
  if (!form.files.length) throw badRequest('Choose a file to upload.');
  if (form.files.length > uploadLimits.filesPerRequest)
    throw badRequest(`Upload at most ${uploadLimits.filesPerRequest} files at a time.`);
  const roster = folderId === rosterFolderId;
  if (roster && !/^\d+$/.test(clientId)) throw badRequest('Say which hotel the roster belongs to.');
  const taken = await repo.namesInFolder(deps.db, clientId, folderId);
  const documents: UploadedDocument[] = [];
  for (const file of form.files) {
    if (taken.has(file.fileName.toLowerCase())) {
      documents.push({ id: 0, fileName: file.fileName, status: 0, statusReason: messages.upload.duplicateName });
      continue;
    }
    const c = check(file, roster ? 'csv' : 'document');
    if (!c.ok) {
      documents.push({ id: 0, fileName: file.fileName, status: 0, statusReason: c.reason });
      continue;
    }
    let outcome: { status: number; statusReason: string } = { status: 1, statusReason: '' };
    if (roster) outcome = await importRoster(deps, Number(clientId), await fs.readFile(file.tmpPath, 'utf8'));
    const { id } = await store(deps, user, file, c.mime, c.ext, {
      kind: roster ? 'roster' : 'document',
      client_id: clientId,
      folder_id: folderId,
      full_path: (form.fields.fullPath ?? '').slice(0, 500),
      status: outcome.status,
      status_reason: outcome.statusReason,
    });
    if (outcome.status === 1) taken.add(file.fileName.toLowerCase());
    documents.push({ id, fileName: file.fileName, ...outcome });
  }
  return { documents };
}

/** POST /fileUpdate: Save & Close stores the names chosen for a client's documents. */
export async function documentsRename(
  deps: AppDeps,
  user: SessionUser,
  form: IncomingForm,
): Promise<FileUpdateResponse> {
  const clientId = (form.fields.clientId ?? '').trim();
  const n = Number(form.fields.filesLength ?? '0');
  if (!Number.isInteger(n) || n < 0 || n > 500) return { status: 0, details: 'filesLength is not a count of files.' };
  const renames: { id: number; name: string }[] = [];
  for (let i = 0; i < n; i++) {
    const id = Number(form.fields[`file${i}ID`]);
    const name = (form.fields[`file${i}Name`] ?? '').trim();
    if (!Number.isInteger(id) || id <= 0 || !name || name.length > 255 || /[/\\]/.test(name))
      return { status: 0, details: `File ${i + 1} needs an id and a name without slashes.` };
    renames.push({ id, name });
  }
  const rows = await Promise.all(renames.map((r) => repo.findUpload(deps.db, r.id)));
  for (const row of rows) {
    if (!row || row.client_id !== clientId) throw notFound('That document does not exist.');
    allow(user, areaForFolder(row.folder_id));
  }
  await deps.db.transaction().execute(async (trx) => {
    for (const r of renames) await repo.updateUpload(trx, r.id, { file_name: r.name });
  });
  return { status: 1 };
}

/** POST /tinymceFileUpload: an image for the rich-text editor (settings e-mail texts). */
export async function editorImageUpload(
  deps: AppDeps,
  user: SessionUser,
  form: IncomingForm,
): Promise<{ location: string }> {
  allow(user, 'config');
  const file = form.files[0];
  if (!file) throw badRequest('Choose an image to upload.');
  const c = check(file, 'image');
  if (!c.ok) throw badRequest(c.reason);
  const { storedName } = await store(deps, user, file, c.mime, c.ext, { kind: 'tinymce', status: 1 });
  return { location: fileUrl(storedName) };
}

/** A stored file for GET /uploads/{storedName}; images are public (e-mails show them), others need sign-in. */
export async function readStored(deps: AppDeps, storedName: string) {
  if (!/^[A-Za-z0-9_-]{20,64}\.[a-z0-9]{1,5}$/.test(storedName)) return null;
  const row = await repo.findByStoredName(deps.db, storedName);
  if (!row) return null;
  try {
    const data = await fs.readFile(path.join(uploadsDir(deps), row.stored_name));
    return { row, data, public: row.kind === 'image' || row.kind === 'tinymce' };
  } catch {
    return null;
  }
}

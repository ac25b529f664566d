import { type FileUploadResponse, rosterFolderId } from '@sandbar/contract/uploads';
import { api } from '../../../lib/api';

/**
 * POST /fileUpload (multipart: clientId, folderId, fullPath, files) into the hotel roster folder:
 * the server imports the CSV into the hotel's guest roster and answers the file's outcome.
 */
export async function uploadRoster(hotelId: number, file: File) {
  const form = new FormData();
  form.append('clientId', String(hotelId));
  form.append('folderId', rosterFolderId);
  form.append('fullPath', '');
  form.append('files', file, file.name);
  const res = await api<FileUploadResponse>('/fileUpload', { method: 'POST', formData: form, silent: true });
  const doc = res.documents[0];
  return doc ?? { id: 0, fileName: file.name, status: 0, statusReason: '' };
}

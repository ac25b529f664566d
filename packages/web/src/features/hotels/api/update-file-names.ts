import type { FileUpdateResponse } from '@sandbar/contract/uploads';
import type { ChosenName } from '../../../components/file-drop-upload';
import { api } from '../../../lib/api';

/**
 * POST /fileUpdate (multipart: clientId, file{n}Name, file{n}ID, filesLength): Save & Close of the
 * upload area stores the names chosen for the documents just uploaded (spec sections 4 and 7).
 */
export async function updateFileNames(clientId: number, names: ChosenName[]): Promise<FileUpdateResponse> {
  const form = new FormData();
  form.append('clientId', String(clientId));
  names.forEach((n, i) => {
    form.append(`file${i}Name`, n.name);
    form.append(`file${i}ID`, String(n.id));
  });
  form.append('filesLength', String(names.length));
  return api<FileUpdateResponse>('/fileUpdate', { method: 'POST', formData: form, silent: true });
}

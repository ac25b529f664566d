import { api } from '../../../lib/api';

/** POST /tinymceFileUpload (multipart `file`): answers `{location}`, the image's URL for the editor. */
export async function uploadEditorImage(file: File): Promise<string> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  const res = await api<{ location: string }>('/tinymceFileUpload', { method: 'POST', formData });
  return res.location;
}

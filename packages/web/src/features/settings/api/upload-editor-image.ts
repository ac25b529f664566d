import { api } from '../../../lib/api';

/**
 * POST /tinymceFileUpload (multipart `file`): answers `{location}`, the image's URL for the editor.
 * The image gets its file name as its text alternative (axe image-alt, critical): an e-mail reader
 * with images off, or a screen reader, reads "logo" rather than nothing.
 */
export async function uploadEditorImage(file: File): Promise<{ src: string; alt: string }> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  const res = await api<{ location: string }>('/tinymceFileUpload', { method: 'POST', formData });
  return { src: res.location, alt: altFromFileName(file.name) };
}

function altFromFileName(name: string): string {
  return (
    name
      .replace(/\.[a-z0-9]+$/i, '')
      .replace(/[-_]+/g, ' ')
      .trim() || 'image'
  );
}

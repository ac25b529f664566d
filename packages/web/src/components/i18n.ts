import type { Translation } from '@sandbar/contract/i18n';
/** Sandbar's own words for the shared form widgets (spec texts come from messages.ts). */
export const formsEn = {
  dropFiles: 'Drag files here or click to choose',
  dropHint: 'Each file uploads as soon as it is dropped.',
  pending: 'Uploading…',
  uploaded: 'Uploaded',
  failed: 'Failed',
  passwordStrength: 'Strength: {{label}}',
  fileName: 'File',
  fileStatus: 'Status',
  noRows: 'Nothing linked yet.',
  errorsTitle: 'Please correct the following',
  back: 'Back',
  recordUnavailable: 'This record cannot be shown.',
  chosenName: 'Name of {{file}}',
  oneLess: 'One less: {{label}}',
  oneMore: 'One more: {{label}}',
};

export const formsEs: Translation<typeof formsEn> = {
  dropFiles: 'Arrastra archivos aquí o toca para elegirlos',
  dropHint: 'Cada archivo se sube en cuanto lo sueltas.',
  pending: 'Subiendo…',
  uploaded: 'Subido',
  failed: 'Falló',
  passwordStrength: 'Seguridad: {{label}}',
  fileName: 'Archivo',
  fileStatus: 'Estado',
  noRows: 'Aún no hay nada vinculado.',
  errorsTitle: 'Corrige lo siguiente',
  back: 'Volver',
  recordUnavailable: 'Este registro no se puede mostrar.',
  chosenName: 'Nombre de {{file}}',
  oneLess: 'Uno menos: {{label}}',
  oneMore: 'Uno más: {{label}}',
};

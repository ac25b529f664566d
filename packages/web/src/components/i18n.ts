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
};

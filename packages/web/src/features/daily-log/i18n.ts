import type { Translation } from '@sandbar/contract/i18n';
/** Sandbar's own words for the daily log (spec texts come from messages.ts). */
export const dailyLogEn = {
  title: 'Daily Log',
  date: 'Date',
  edit: 'Edit',
  delete: 'Delete',
  save: 'Save',
  cancel: 'Cancel',
  print: 'Print',
  empty: 'No daily logs yet. Start today’s with Add Daily Log.',
  addTitle: 'New Daily Log',
  editTitle: 'Daily Log for {{date}}',
  printTitle: 'Daily Log — {{date}}',
  lastEditor: 'Last changed by {{initials}}',
  noFields: 'No log fields are defined yet. An admin adds them under Log Details.',
  exists: 'A log for this date already exists.',
  openExisting: 'Open it',
  deleteQuestion: 'Delete the daily log of {{date}}?',
};

export const dailyLogEs: Translation<typeof dailyLogEn> = {
  title: 'Registro diario',
  date: 'Fecha',
  edit: 'Editar',
  delete: 'Eliminar',
  save: 'Guardar',
  cancel: 'Cancelar',
  print: 'Imprimir',
  empty: 'Aún no hay registros diarios. Empieza el de hoy con Agregar registro diario.',
  addTitle: 'Nuevo registro diario',
  editTitle: 'Registro diario del {{date}}',
  printTitle: 'Registro diario — {{date}}',
  lastEditor: 'Último cambio de {{initials}}',
  noFields: 'Aún no hay campos para el registro. Un administrador los agrega en Campos del registro.',
  exists: 'Ya existe un registro para esta fecha.',
  openExisting: 'Abrirlo',
  deleteQuestion: '¿Eliminar el registro diario del {{date}}?',
};

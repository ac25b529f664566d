import type { Translation } from '@sandbar/contract/i18n';
/** Sandbar's own words for Reports Config (spec texts come from messages.ts). */
export const reportConfigEn = {
  title: 'Reports Config',
  name: 'Name',
  emails: 'Emails',
  emailAddresses: 'E-mail addresses (separated by commas)',
  reportType: 'Report Type',
  edit: 'Edit',
  back: 'Back',
  save: 'SAVE REPORT',
  empty: 'No reports yet.',
  editTitle: 'Edit Report',
};

export const reportConfigEs: Translation<typeof reportConfigEn> = {
  title: 'Configuración de informes',
  name: 'Nombre',
  emails: 'Correos',
  emailAddresses: 'Correos electrónicos (separados por comas)',
  reportType: 'Tipo de informe',
  edit: 'Editar',
  back: 'Volver',
  save: 'GUARDAR INFORME',
  empty: 'Aún no hay informes.',
  editTitle: 'Editar informe',
};

import type { Translation } from '@sandbar/contract/i18n';
/** Sandbar's own words on the Locations screens (spec texts come from messages.ts). */
export const locationsEn = {
  title: 'Locations',
  add: 'Add Location',
  editTitle: 'Edit Location',
  name: 'Name',
  initials: 'Initials',
  fullName: 'Full Name',
  umbrellas: 'Umbrellas',
  umbrellasPerRow: 'Umbrellas per Row',
  rows: 'Rows',
  rowsLabel: 'Umbrella Rows',
  umbrellasPerRowHint: 'Positions in each row',
  rowsHint: 'How many rows of umbrellas',
  edit: 'Edit',
  delete: 'Delete',
  back: 'Back',
  save: 'SAVE LOCATION',
  empty: 'No locations yet.',
  resizeHint: 'Growing the grid adds empty positions; shrinking hides the surplus ones. No history is lost.',
};

export const locationsEs: Translation<typeof locationsEn> = {
  title: 'Ubicaciones',
  add: 'Agregar ubicación',
  editTitle: 'Editar ubicación',
  name: 'Nombre',
  initials: 'Iniciales',
  fullName: 'Nombre completo',
  umbrellas: 'Sombrillas',
  umbrellasPerRow: 'Sombrillas por fila',
  rows: 'Filas',
  rowsLabel: 'Filas de sombrillas',
  umbrellasPerRowHint: 'Posiciones en cada fila',
  rowsHint: 'Cuántas filas de sombrillas',
  edit: 'Editar',
  delete: 'Eliminar',
  back: 'Volver',
  save: 'GUARDAR UBICACIÓN',
  empty: 'Aún no hay ubicaciones.',
  resizeHint:
    'Agrandar la cuadrícula agrega posiciones vacías; achicarla oculta las que sobran. No se pierde el historial.',
};

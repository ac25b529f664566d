import type { Translation } from '@sandbar/contract/i18n';

/**
 * The few staff-screen words the F&B contract texts (fnb-texts.ts) do not carry: form buttons and
 * the links to the station screens. Everything a guest, a station or a runner reads comes from
 * the contract.
 */
export const fnbEn = {
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  hours: '{{from}}–{{to}}',
  stations: 'F&B',
  price: 'Price',
  name: 'Name',
  status: 'Status',
  location: 'Location',
  menuLink: 'Menu (food & drink)',
  from: 'From',
  to: 'To',
};

export const fnbEs: Translation<typeof fnbEn> = {
  save: 'Guardar',
  cancel: 'Cancelar',
  edit: 'Editar',
  delete: 'Eliminar',
  hours: '{{from}}–{{to}}',
  stations: 'Bar',
  price: 'Precio',
  name: 'Nombre',
  status: 'Estado',
  location: 'Ubicación',
  menuLink: 'Carta (comida y bebida)',
  from: 'Desde',
  to: 'Hasta',
};

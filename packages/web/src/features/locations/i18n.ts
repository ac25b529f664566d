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
  rowsLabel: 'Rows',
  edit: 'Edit',
  delete: 'Delete',
  back: 'Back',
  save: 'SAVE LOCATION',
  empty: 'No locations yet.',
  resizeHint: 'Growing the grid adds empty positions; shrinking hides the surplus ones. No history is lost.',
};

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

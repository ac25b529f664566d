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

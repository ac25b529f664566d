import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';

/** The demo venue's daily-log fields: a morning set-up, the day's operation, the evening close-out. */
export const demoLogDetails = [
  {
    category: 'Setup',
    name: 'umbrellasSetUp',
    label: 'Umbrellas set up',
    placeholder: 'How many',
    field_sort: 1,
    field_type: 'number',
  },
  {
    category: 'Setup',
    name: 'windFlag',
    label: 'Wind flag',
    placeholder: 'Green, yellow, red, purple',
    field_sort: 2,
    field_type: 'text',
  },
  {
    category: 'Setup',
    name: 'waterTemperature',
    label: 'Water temperature (°F)',
    placeholder: '78',
    field_sort: 3,
    field_type: 'number',
  },
  {
    category: 'Setup',
    name: 'lifeguardOnDuty',
    label: 'Lifeguard on duty',
    placeholder: '',
    field_sort: 4,
    field_type: 'toggle',
  },
  {
    category: 'Operation',
    name: 'incidents',
    label: 'Incidents',
    placeholder: 'Injuries, complaints, lost items…',
    field_sort: 1,
    field_type: 'textarea',
  },
  {
    category: 'Operation',
    name: 'weatherClosures',
    label: 'Closed for weather',
    placeholder: 'Lightning,High wind,Rip current',
    field_sort: 2,
    field_type: 'checkbox',
  },
  {
    category: 'Tear Down',
    name: 'umbrellasStored',
    label: 'Umbrellas stored',
    placeholder: 'How many',
    field_sort: 1,
    field_type: 'number',
  },
  {
    category: 'Tear Down',
    name: 'closingCashCount',
    label: 'Closing cash count ($)',
    placeholder: '0.00',
    field_sort: 2,
    field_type: 'number',
  },
  {
    category: 'Tear Down',
    name: 'closingNotes',
    label: 'Closing notes',
    placeholder: 'Anything the morning crew should know',
    field_sort: 3,
    field_type: 'textarea',
  },
] as const;

/** Adds the demo log fields (called from seedDemoVenue, src/demo-venue.ts). */
export async function seedDemoLogDetails(db: Kysely<DB>, clock: Clock): Promise<void> {
  const now = clock.now();
  await db
    .insertInto('log_details')
    .values(demoLogDetails.map((d) => ({ ...d, created_at: now })))
    .execute();
}

import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { writeSettings } from '../settings/settings.repository';

/** Demo venue only: the simulated card reader approves card sales without the Android wrapper. */
export async function seedSellingDemo(db: Kysely<DB>): Promise<void> {
  await writeSettings(db, { simulatedReader: '1' });
}

import type { Kysely } from 'kysely';
import { seedDemoBase } from './db/demo-seed';
import type { DB } from './db/schema';
import { seedDemoLogDetails } from './features/log-details/log-details.seed';
import { seedSellingDemo } from './features/sales/sales.seed';
import type { Clock } from './platform/clock';

/**
 * DESIGN.md section 9: the demo venue, composed here above the features: the base tables
 * (db/demo-seed.ts), then each feature's own demo rows. Called by main.ts on an empty database.
 */
export async function seedDemoVenue(db: Kysely<DB>, clock: Clock): Promise<void> {
  await seedDemoBase(db, clock);
  await seedDemoLogDetails(db, clock);
  await seedSellingDemo(db);
}

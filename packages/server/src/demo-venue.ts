import type { Kysely } from 'kysely';
import { DEMO_PASSWORD, seedDemoBase } from './db/demo-seed';
import type { DB } from './db/schema';
import { seedDemoLogDetails } from './features/log-details/log-details.seed';
import { seedSellingDemo } from './features/sales/sales.seed';
import { seedFnbDemo } from './features/fnb/fnb.seed';
import { writeSettings } from './features/settings/settings.repository';
import type { Clock } from './platform/clock';
import { hashPassword } from './platform/passwords';

/**
 * DESIGN.md section 9: the demo venue, composed here above the features: the base tables
 * (db/demo-seed.ts), then each feature's own demo rows. Called by main.ts on an empty database.
 * `timeZone` (main.ts: the machine's, issue 26) puts the demo's day and price windows where the
 * newcomer is; tests keep the seed's America/New_York.
 */
export async function seedDemoVenue(db: Kysely<DB>, clock: Clock, opts: { timeZone?: string } = {}): Promise<void> {
  await seedDemoBase(db, clock.now(), await hashPassword(DEMO_PASSWORD));
  await seedDemoLogDetails(db, clock);
  await seedSellingDemo(db);
  // Food and drink to the unit (issue 35): a small EN/ES menu; the QR sheet is made on first ask.
  await seedFnbDemo(db, clock);
  // The guest page (/book) has something to book in the demo: Main Beach and the Cabana Deck.
  await writeSettings(db, { bookingOnlineLocations: 'MB, CD' });
  if (opts.timeZone) await writeSettings(db, { timeZone: opts.timeZone });
}

/** The machine's IANA zone, if it has a real one (a bare "UTC" container keeps the demo's). */
export function machineTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zone.includes('/') ? zone : undefined;
}

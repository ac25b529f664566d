import { type Settings, defaultSettings } from '@sandbar/contract/settings';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Stored settings over the defaults: a key missing from the table uses its default. */
export async function readSettings(db: Kysely<DB>): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return settingsFromRows(rows);
}

/** The settings from their rows, however they were read. */
export function settingsFromRows(rows: { key: string; value: string }[]): Settings {
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const out = { ...defaultSettings };
  for (const key of Object.keys(defaultSettings) as (keyof Settings)[]) {
    if (typeof stored[key] === 'string') (out as Record<string, string>)[key] = stored[key];
  }
  return out;
}

export async function writeSettings(db: Kysely<DB>, values: Partial<Settings>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    await db
      .insertInto('settings')
      .values({ key, value: String(value) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(value) }))
      .execute();
  }
}

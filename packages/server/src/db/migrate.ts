import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Loads every date-prefixed file in db/migrations; each feature adds its own, frozen in time. The
 * source has them as .ts (tsx, tests); the built server (build.mjs) as .js in dist/migrations.
 */
class FolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(migrationsDir))
      .filter((f) => /^\d{4}-\d{2}-\d{2}-.+\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
      .sort();
    const out: Record<string, Migration> = {};
    for (const f of files) {
      out[f.replace(/\.(ts|js)$/, '')] = (await import(pathToFileURL(path.join(migrationsDir, f)).href)) as Migration;
    }
    return out;
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Names carry their issue's number (2026-11-25-23-10 lands after 2026-11-25-26-01 did): a
  // database that already ran a later-named migration still takes an earlier-named new one.
  const migrator = new Migrator({ db, provider: new FolderProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** Migrates up (or down) to the named migration: tests of a migration start from the one before. */
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new FolderProvider() });
  const { error } = await migrator.migrateTo(name);
  if (error) throw new Error(`Migration to ${name} failed: ${String(error)}`);
}

import path from 'node:path';
import { parseArgs } from 'node:util';
import { UserType } from '@sandbar/contract/roles';
import { connect } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { loadEnv } from './env';
import { createUser } from './features/auth/users.admin';
import { backupName, restoreBackup, takeBackup } from './platform/backup';
import { systemClock } from './platform/clock';

const usage = `Usage:
  npm run migrate
  npm run sandbar -- create-admin --username NAME --password SECRET --name "Full Name" --initials XX [--email E]
  npm run sandbar -- backup [FILE]      a copy of the running SQLite venue and its uploads (.tar.gz)
  npm run sandbar -- restore FILE       put a backup back (the server must be stopped)`;

const [command, ...rest] = process.argv.slice(2);
let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}

/** backup / restore work on the files, without opening the database through the app. */
async function fileCommand(): Promise<void> {
  if (env.DATABASE_URL) {
    throw new Error(
      'This venue runs on PostgreSQL: back it up with pg_dump or base backups (docs/OPERATIONS.md "Backup and restore"); copy SANDBAR_DATA_DIR/uploads beside it.',
    );
  }
  const dataDir = path.resolve(env.SANDBAR_DATA_DIR);
  if (command === 'backup') {
    const file =
      rest[0] ??
      path.join(path.resolve(env.SANDBAR_BACKUP_DIR ?? path.join(dataDir, 'backups')), backupName(new Date()));
    const r = await takeBackup(dataDir, file);
    console.log(
      `Backup written: ${r.file} (${(r.bytes / 1024 / 1024).toFixed(1)} MiB, ${r.sales} sales, ${r.uploads} uploaded files, ${r.ms} ms).`,
    );
    return;
  }
  if (!rest[0]) throw new Error(usage);
  const r = await restoreBackup(dataDir, path.resolve(rest[0]));
  console.log(
    `Restored ${rest[0]} into ${dataDir}: ${r.sales} sales, ${r.uploads} uploaded files.${r.setAside ? ` What was there before is in ${r.setAside}.` : ''} Start Sandbar.`,
  );
}

if (command === 'backup' || command === 'restore') {
  try {
    await fileCommand();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  }
  process.exit();
}

const database = connect({ databaseUrl: env.DATABASE_URL, dataDir: env.SANDBAR_DATA_DIR });
try {
  if (command === 'migrate') {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  } else if (command === 'create-admin') {
    const { values } = parseArgs({
      args: rest,
      options: {
        username: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        initials: { type: 'string' },
        email: { type: 'string' },
      },
    });
    if (!values.username || !values.password || !values.name || !values.initials) {
      console.error(usage);
      process.exitCode = 2;
    } else if (values.password.length < 8) {
      console.error('The password must have at least 8 characters.');
      process.exitCode = 2;
    } else {
      await migrateToLatest(database.db);
      const id = await createUser(database.db, systemClock, {
        username: values.username,
        password: values.password,
        name: values.name,
        initials: values.initials,
        email: values.email,
        userType: UserType.parse('A'),
      });
      console.log(
        `Admin "${values.username.trim().toLowerCase()}" created (id ${id}). Start Sandbar with SANDBAR_DEMO=0 and sign in.`,
      );
    }
  } else {
    console.error(usage);
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await database.close();
}

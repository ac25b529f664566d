import { parseArgs } from 'node:util';
import { UserType } from '@sandbar/contract/roles';
import { connect } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { loadEnv } from './env';
import { createUser } from './features/auth/users.admin';
import { systemClock } from './platform/clock';

const usage = `Usage:
  npm run migrate
  npm run sandbar -- create-admin --username NAME --password SECRET --name "Full Name" --initials XX [--email E]`;

const [command, ...rest] = process.argv.slice(2);
const env = loadEnv();
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

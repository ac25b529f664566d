import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One module graph per worker, not per file: importing the server took ~2.5 s of each of 98
    // files (decision 370). Every file still builds its own app on its own database.
    isolate: false,
    // Each test file builds its app on its own fresh database (a throw-away one on PostgreSQL).
    fileParallelism: true,
    maxWorkers: 2,
  },
});

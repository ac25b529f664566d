import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each test file builds its app on its own fresh database (a throw-away one on PostgreSQL).
    fileParallelism: true,
    maxWorkers: 2,
  },
});

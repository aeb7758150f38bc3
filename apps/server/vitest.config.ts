import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: ['src/**/*.int.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['src/**/*.int.test.ts'],
          // `*.pg.int.test.ts` need a PostgreSQL server several processes share (several instances of
          // the API on one database): the int tier runs them when DATABASE_URL is set (CI's first run)
          exclude: process.env.DATABASE_URL ? [] : ['src/**/*.pg.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // migrate and seed once per run; each file clones the template (src/test/database.ts)
          globalSetup: ['src/test/global-setup.ts'],
          // each file opens its own database; two cores
          maxWorkers: 2,
          // files share a worker's module graph (the app's modules are evaluated once per worker, not
          // once per file: the tier's import time fell from 62 s to 15 s); every file still builds its
          // own app on its own database, and no test mocks a module
          isolate: false,
          // run after the unit project: vitest needs distinct groups for projects with different workers
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

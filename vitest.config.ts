import { defineConfig } from 'vitest/config';

// Server files that replace a module (vi.mock) run in a process of their own.
const SERVER_ISOLATED = ['src/modules/system/login/lockout.test.ts'];

// One `vitest run` covers the shared package, the server and the web widgets.
// End-to-end browser tests live in e2e/ with their own config (they need a build).
export default defineConfig({
  test: {
    // Vitest leaves a core free by default; on the 2-core machines the suite runs on that is one file at a
    // time. Every file has its own database (schema, SQLite file) and its own app, so two run side by side.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: SERVER_ISOLATED,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Every server file builds its own app on its own database, and the modules keep no state of their
          // own: one worker loads the server once for all of them (loading it again for each file was most of
          // the suite's time).
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-isolated',
          root: './apps/server',
          include: SERVER_ISOLATED,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});

import { defineConfig } from 'vitest/config';

// Browser tests against the built app served by the real server (one server for the run).
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for what a user would see; the first visit of a screen loads its lazy chunks, which on a
    // loaded 2-core machine takes well over the default second (a passing poll ends early).
    expect: { poll: { timeout: 15_000 } },
    // A test that fails is run once more, and the report says so (“retry x1”). On two cores under the whole
    // suite a step now and then misses a moving target (a menu still sliding in, a row still settling: each
    // failed once in a full run and passed in every run of its file alone). A real fault fails both tries.
    retry: 1,
  },
});

import { defineConfig } from 'vitest/config';

/**
 * Tests that attack the server and check it is not blocked (timer ticks and page answers during
 * the work, measured against the work itself, never against a clock: the speeds are `npm run
 * bench`'s): they run last, one file at a time, so their own measurements of the work are not
 * mixed with a browser test's. The dev server's tests are here too: they count the events of a
 * save, and a save on a loaded machine is a truncate and a write far apart.
 */
const TIMING = [
  'test/server/limits.int.test.ts',
  'src/server/leads/sqlite-busy.test.ts',
  'src/site/svg-sanitize.test.ts',
  'src/pages/contact/form-endpoint.test.ts',
  'src/dev/start-dev.test.ts',
  'test/cli/dev.test.ts',
  'test/server/import-off-loop.int.test.ts',
  'test/server/build-off-loop.int.test.ts',
];

export default defineConfig({
  // Vite 8 (under Vitest 4) transforms TypeScript with Oxc: an `esbuild` option is ignored, with a warning.
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    environment: 'node',
    reporters: ['default', './test/summary-reporter.ts'],
    // One image cache for the run (CLINIC_GEN_CACHE_DIR): each sample photo is encoded once.
    globalSetup: ['./test/helpers/global-setup.ts', './test/helpers/pg-global-setup.ts'],
    // Browser and server tests start real processes; two cores, so keep it to two workers.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', ...TIMING],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'timing',
          include: TIMING,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

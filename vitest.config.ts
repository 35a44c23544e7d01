import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nCatalogs } from './scripts/i18nCatalogs';

const TAGS = [{ name: 'timing', description: 'holds the code to a wall-clock budget; npm test runs it alone, last' }];

// Two projects: `unit` (contract, machines, hosts, components; fast, no database) and `api`
// (the Fastify app through app.inject against PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  plugins: [react(), i18nCatalogs()],
  test: {
    // The API files mostly wait on a database: two forks even on a 2-core machine halve the
    // wall time (vitest's default leaves one core idle there).
    maxWorkers: Math.max(2, availableParallelism()),
    // A test that holds the code to a wall-clock budget (an answer within 2 s, a time-out within
    // its bound) is tagged `timing`: `npm test` runs those after the other lanes, alone, because a
    // budget measured beside a running browser measures the machine (scripts/test.mjs).
    tags: TAGS,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Every test lives under tests/ (none beside the code), so one glob finds them all.
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // One window and one module graph per worker, not per file: a fresh jsdom and fresh
          // imports of React, Mantine and the shell for each of 130 files took ~100 s of the
          // project's ~130 s. The setup file puts back, before each file, what a fresh window
          // would have (the page, storage, address, toasts, language, timers, spies).
          isolate: false,
          // Component tests render Mantine in jsdom: ~1 s each on an idle 2-core machine, and
          // several times that when the machine is busy. 5 s (vitest's default) was too tight.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          tags: TAGS,
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // One module graph per worker, not per file: every file builds its own app and its own
          // database, and nothing in server/ keeps state at module level that a test depends on,
          // so isolating files only paid for re-importing the server and re-compiling PGlite's
          // WebAssembly, a few seconds a file (12 small files: 135 s instead of 379 s).
          isolate: false,
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

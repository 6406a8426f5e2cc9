import { defineConfig } from 'vitest/config';

/**
 * The API files whose behaviour does not depend on the database engine: HTTP limits, parsing,
 * storage drivers, validation envelopes, settings screens' plain reads and writes. CI's second
 * pass on PostgreSQL (`API_PASS=postgres`, `.ci/run`) leaves them out (issue 30 item 4); every
 * file that touches isolation, concurrency, locks, SQL plans, migrations or processes runs on both.
 * A new file runs on both until it is listed here.
 */
const engineIndependent = [
  'apps/server/src/storage/**',
  'apps/server/src/http/body-drain.int.test.ts',
  'apps/server/src/parse-limits/request-bodies.int.test.ts',
  'apps/server/src/features/files/files.s3.int.test.ts',
  'apps/server/src/features/files/uploads.replay.int.test.ts',
  'apps/server/src/app.int.test.ts',
  'apps/server/src/features/account/account.routes.int.test.ts',
  'apps/server/src/features/pages/pages.routes.int.test.ts',
  'apps/server/src/features/setup/setup.routes.int.test.ts',
  'apps/server/src/features/settings/settings.int.test.ts',
  'apps/server/src/features/einvoice/einvoice-mapping.int.test.ts',
  'apps/server/src/features/einvoice/einvoice-import.int.test.ts',
  'apps/server/src/features/query-forms/signature-export.int.test.ts',
  'apps/server/src/features/records/request-limits.int.test.ts',
];

/**
 * Two projects: `unit` (pure logic, no database) and `api` (the server through HTTP on a real
 * database: a fresh in-memory PGlite per file, or PostgreSQL when TEST_DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // Vitest's default is one worker fewer than the cores: a single worker on this 2-core machine.
          maxWorkers: 2,
          // Pure functions without globals: one module graph per worker, not one per file.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // The full formal catalog, which the app loads with the logged-in area.
          setupFiles: ['apps/web/src/test/setup-web-tests.ts'],
          maxWorkers: 2,
          // One module graph and one jsdom per worker instead of per file: importing React, Mantine
          // and the catalog again for each of ~80 files cost more than their tests. What a test
          // leaves behind is undone after each test (setup-web-tests.ts).
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          // The bench's seeder is tested against the save path here too (bench/bulk-load.int.test.ts).
          include: ['apps/server/src/**/*.int.test.ts', 'bench/**/*.int.test.ts'],
          exclude: ['**/node_modules/**', ...(process.env.API_PASS === 'postgres' ? engineIndependent : [])],
          // The migrated database is made once per run; each file starts from a copy of it.
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // PGlite runs in this process; two files at once keep both cores busy without thrashing.
          maxWorkers: 2,
          // The server's modules are loaded once per worker, not once per file (that import was a
          // third of the run). Each file still builds its own app on its own database; what the
          // modules keep is per environment id (random) or per app (http/public-route.ts).
          isolate: false,
        },
      },
    ],
  },
});

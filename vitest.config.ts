import { defineConfig } from 'vitest/config';

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
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // The full formal catalog, which the app loads with the logged-in area.
          setupFiles: ['apps/web/src/test/setup-catalog.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // PGlite runs in this process; two files at once keep both cores busy without thrashing.
          maxWorkers: 2,
        },
      },
    ],
  },
});

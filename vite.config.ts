// One config for the client build (root: client/) and for Vitest (the whole package).
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const HEAVY = ['scripts/abuse.test.ts', 'scripts/loadtest.test.ts'];
// What needs PostgreSQL itself: run in the postgres project only.
const POSTGRES_ONLY = ['db/postgres.test.ts', 'scripts/migrateToPostgres.test.ts'];
// What runs on both databases: every test of the server that goes through a database.
const POSTGRES = [
  'server/routers/**/*.test.ts',
  'server/rest/**/*.test.ts',
  'server/services/**/*.test.ts',
  'server/http/**/*.test.ts',
  'server/app.test.ts',
  'server/trpcHttp.test.ts',
  'server/clientError.test.ts',
  ...POSTGRES_ONLY,
  'db/rateLimitStore.test.ts',
  'server/cluster.test.ts',
];

export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: { '/trpc': 'http://localhost:3000', '/api': 'http://localhost:3000' },
  },
  test: {
    root: '.',
    // Two cores: two workers, and room for slow hashes and a browser.
    globalSetup: ['e2e/globalSetup.ts'],
    maxWorkers: 2,
    // The attack and load runs load both cores on purpose: they run alone, after everything else,
    // so that neither they nor the browser tests time out on the other's load.
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: [
            'server/**/*.test.ts',
            'shared/**/*.test.ts',
            'db/**/*.test.ts',
            'scripts/**/*.test.ts',
            'client/**/*.test.ts',
            'e2e/**/*.test.ts',
          ],
          exclude: [...HEAVY, ...POSTGRES_ONLY, 'node_modules/**'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The server's tests again on PostgreSQL (server/test/database.ts).
        extends: true,
        test: {
          name: 'postgres',
          include: POSTGRES,
          globalSetup: ['e2e/globalSetup.ts', 'server/test/postgresSetup.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'load', include: HEAVY, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
    testTimeout: 30_000,
    // CI reads the counts from a JSON report as well as the console.
    reporters: process.env.VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]]
      : ['default'],
    hookTimeout: 60_000,
  },
});

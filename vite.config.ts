// One config for the client build (root: client/) and for Vitest (the whole package).
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts', 'client/**/*.test.ts', 'e2e/**/*.test.ts'],
    // Two cores: two workers, and room for slow hashes and a browser.
    globalSetup: ['e2e/globalSetup.ts'],
    maxWorkers: 2,
    testTimeout: 30_000,
    // CI reads the counts from a JSON report as well as the console.
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
    hookTimeout: 60_000,
  },
});

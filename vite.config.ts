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
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

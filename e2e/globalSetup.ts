// Global setup of the `browser` test project, so it runs only when browser tests do: builds the
// client once (unless SKIP_CLIENT_BUILD=1 says dist/client is current), and starts one Chromium
// that every test file connects to instead of starting its own. Vitest sets NODE_ENV=test, which
// Vite would carry into the bundle (React's development build, twice the size): the build gets
// the production value it has in real use.
import { execSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startBrowserServer } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.SKIP_CLIENT_BUILD !== '1') {
    execSync('npx vite build --logLevel warn', {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const server = await startBrowserServer();
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}

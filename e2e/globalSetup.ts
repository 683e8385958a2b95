// Browser tests run against the built client, and some tests start the built server bundle:
// build both once before the suite. Vitest sets
// NODE_ENV=test, which Vite would carry into the bundle (React's development build, twice the
// size): the build gets the production value it has in real use.
import { execSync } from 'node:child_process';

export default function setup() {
  // The server bundle, which the deploy and abuse tests start as production does (about a second).
  execSync('npm run build:server', { stdio: 'inherit' });
  if (process.env.SKIP_CLIENT_BUILD !== '1') {
    execSync('npx vite build --logLevel warn', {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}

// Browser tests run against the built client: build it once before the suite.
import { execSync } from 'node:child_process';

export default function setup() {
  if (process.env.SKIP_CLIENT_BUILD !== '1') execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}

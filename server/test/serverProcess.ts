// The real entry point (server/index.ts under tsx) as a child process, as an operator starts it:
// resolves once it logs "Serving on".
import { spawn } from 'node:child_process';

export interface ServerProcess {
  pid: number;
  log(): string;
  /** SIGTERM, resolved when the process has exited. */
  stop(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', SEED_ON_EMPTY: 'false', ...env },
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running: a primary whose database goes away restarts its workers for ever.
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${log}`));
    }, 30_000);
    child.stdout.on('data', () => {
      if (log.includes('Serving on')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid!,
    log: () => log,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

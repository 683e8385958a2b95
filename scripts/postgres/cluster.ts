// A throwaway PostgreSQL cluster in a temporary folder, for the tests, the bench and the load test:
// initdb, pg_ctl start on a free port (loopback only, trust authentication), pg_ctl stop and the
// folder removed after. PostgreSQL refuses to run as root, so as root it runs as `postgres`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../bench/serverProcess';
import { postgresBin } from '../../db/postgresBin';

export interface Cluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  dir: string;
  bin: string;
  stop(): void;
}

/** Shared memory (tmpfs) on Linux, and what it must have free to hold a test run's cluster. */
const MEMORY = '/dev/shm';
const MEMORY_ROOM = 8 * 1024 ** 3;
const OWNER_FILE = 'owner.pid';

/**
 * @param opts.inMemory in shared memory when there is room for it: the test run copies its template
 *   database once per test, gigabytes over a run, which a disk folder is slow to write and to
 *   remove (docs/testing.md).
 */
export async function startCluster(
  opts: { maxConnections?: number; inMemory?: boolean } = {},
): Promise<Cluster> {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(parentFolder(opts.inMemory ?? false), 'nmc-pg-'));
  fs.writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    execFileSync(command, argv, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
  };
  if (asRoot) {
    fs.chmodSync(dir, 0o755);
    execFileSync('chown', ['postgres:postgres', dir]);
  }
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  // Throwaway data: no fsync. The socket goes in the cluster's folder, not /var/run/postgresql.
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    `-c max_connections=${opts.maxConnections ?? 200}`,
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    bin,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function parentFolder(inMemory: boolean): string {
  if (!inMemory || !fs.existsSync(MEMORY)) return os.tmpdir();
  removeAbandoned(MEMORY);
  const { bavail, bsize } = fs.statfsSync(MEMORY);
  return bavail * bsize >= MEMORY_ROOM ? MEMORY : os.tmpdir();
}

/** Clusters whose test run was killed before it could remove them: in memory, they hold it until reboot. */
function removeAbandoned(parent: string): void {
  for (const name of fs.readdirSync(parent).filter((n) => n.startsWith('nmc-pg-'))) {
    const dir = path.join(parent, name);
    const owner = firstNumberIn(path.join(dir, OWNER_FILE));
    // No owner yet: another run may have made the folder a moment ago.
    if (owner === null ? Date.now() - fs.statSync(dir).mtimeMs < 60_000 : isAlive(owner)) continue;
    // Its server, if still running, holds the memory of the files: stopped first (if it is ours).
    const data = path.join(dir, 'data');
    const server = firstNumberIn(path.join(data, 'postmaster.pid'));
    if (server !== null && isAlive(server) && commandLineOf(server).includes(data)) {
      process.kill(server, 'SIGQUIT');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function firstNumberIn(file: string): number | null {
  try {
    const n = parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLineOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Runs one statement on the cluster's maintenance database (create/drop database cannot run in a pool's transaction). */
export async function onCluster(clusterUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

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

export async function startCluster(opts: { maxConnections?: number } = {}): Promise<Cluster> {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-pg-'));
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

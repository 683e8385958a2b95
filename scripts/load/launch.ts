// What every load run starts with and tears down: a fresh database (SQLite, or a new database in
// a throwaway PostgreSQL cluster) holding the fixture, the server as a child process (N workers
// if asked, compiled as `npm start` runs it if asked), and one keep-alive client for the students.
import fs from 'node:fs';
import path from 'node:path';
import { startCluster, type Cluster } from '../postgres/cluster';
import { freshDataDir, type DataDir } from '../bench/dataDir';
import { prepareFixture, type Fixture } from '../bench/fixtures';
import { bundleServer } from '../bench/bundle';
import { productionLaunch, SERVER_SCRIPT, ServerProcess } from '../bench/serverProcess';
import { JsonClient } from './http';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface LaunchOptions {
  database?: 'sqlite' | 'postgres';
  processes?: number;
  relaxedLimits?: boolean;
  production?: boolean;
  /** How many students the client holds connections for. */
  students: number;
  fixture: Parameters<typeof prepareFixture>[2];
}

export interface Launched {
  postgres: Cluster | null;
  data: DataDir;
  fixture: Fixture;
  server: ServerProcess;
  client: JsonClient;
  /** The SQLite file or the PostgreSQL URL. */
  target: string;
  /** Stops the server and the cluster; removes the data unless keepData. */
  finish(keepData: boolean): Promise<void>;
}

export async function launchLoad(opts: LaunchOptions): Promise<Launched> {
  const postgres: Cluster | null =
    opts.database === 'postgres' ? await startCluster({ maxConnections: 400 }) : null;
  let data: DataDir | undefined;
  let compiled: string | undefined;
  const cleanUp = async (keepData: boolean) => {
    if (compiled) fs.rmSync(path.dirname(compiled), { recursive: true, force: true });
    if (keepData) await data?.db.destroy();
    else await data?.remove();
    postgres?.stop();
  };
  try {
    data = await freshDataDir('nmc-load', { postgresUrl: postgres?.url });
    const fixture = await prepareFixture(data.db, data.signer, opts.fixture);
    compiled = opts.production ? await bundleServer(SERVER_SCRIPT, ROOT) : undefined;
    const launch = compiled ? productionLaunch(ROOT) : { nodeFlags: [], env: {} };
    // E.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": a V8 profile of the primary and of each worker.
    const extraFlags = process.env.LOAD_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
    const server = await ServerProcess.start({
      dataDir: data.dir,
      jwtSecret: data.jwtSecret,
      relaxedLimits: opts.relaxedLimits ?? false,
      compiled,
      ...launch,
      nodeFlags: [...launch.nodeFlags, ...extraFlags],
      env: {
        ...launch.env,
        WEB_CONCURRENCY: String(opts.processes ?? 1),
        ...(data.env.DATABASE_URL ? { DATABASE_URL: data.env.DATABASE_URL } : {}),
      },
    });
    // The browser client sets no request timeout; 60 s stands in for a student's patience.
    const client = new JsonClient(new URL(server.url), { maxSockets: opts.students, timeoutMs: 60_000 });
    return {
      postgres,
      data,
      fixture,
      server,
      client,
      target: data.env.DATABASE_URL ?? data.env.DATABASE_FILE,
      async finish(keepData) {
        client.close();
        await server.stop();
        await cleanUp(keepData);
      },
    };
  } catch (err) {
    // A server that never came up (e.g. on a machine too busy to start it in time) leaves nothing behind.
    await cleanUp(false);
    throw err;
  }
}

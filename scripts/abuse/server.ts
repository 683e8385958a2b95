// The server under attack: a child process started the production way on a fresh data directory,
// with a real SMTP server beside it that counts what it receives. Restarted when an attack kills
// it, so the later attacks are still measured (the death is what the earlier one reports).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startSmtpCapture, type ReceivedMail } from '../../server/test/smtpCapture';
import { childrenOf, freePort, readMemory } from '../bench/serverProcess';
import { startCluster, type Cluster } from '../postgres/cluster';
import { BUNDLE, productionLaunch, ROOT, type Launch } from './launch';

export type Mail = ReceivedMail;

export const ADMIN_EMAIL = 'admin@abuse.test';
const READY_TIMEOUT_MS = 30_000;

export interface AbuseServerOptions {
  /** sqlite: the file in DATA_DIR; postgres: a throwaway cluster started for the run. */
  database: 'sqlite' | 'postgres';
  /** WEB_CONCURRENCY: 1 serves from one process, more from a primary and its workers. */
  processes: number;
}

export const SINGLE_SQLITE: AbuseServerOptions = { database: 'sqlite', processes: 1 };

export class AbuseServer {
  /** Every exit of a server process during the run: code or signal, and the tail of its log. */
  readonly exits: { at: number; how: string; log: string }[] = [];
  adminPassword = '';
  /** TRUST_PROXY as the server accepted it ("loopback", or "true" on code that refuses loopback). */
  trustProxy = 'loopback';
  log = '';
  private child: ChildProcess | null = null;

  private constructor(
    readonly dataDir: string,
    readonly port: number,
    readonly launch: Launch,
    private readonly smtp: SMTPServer,
    readonly mails: Mail[],
    readonly options: AbuseServerOptions,
    private readonly cluster: Cluster | null,
  ) {}

  /** The PostgreSQL database's URL, or null on SQLite. */
  get databaseUrl(): string | null {
    return this.cluster?.url ?? null;
  }

  /** What the run is against, for the report. */
  get describe(): string {
    const db = this.cluster ? 'PostgreSQL' : 'SQLite';
    return this.options.processes > 1 ? `${db}, WEB_CONCURRENCY=${this.options.processes}` : db;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  get alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  get databaseFile(): string {
    return path.join(this.dataDir, 'app.db');
  }

  static async start(options: AbuseServerOptions = SINGLE_SQLITE): Promise<AbuseServer> {
    const mails: Mail[] = [];
    const smtp = await startSmtpCapture(mails);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-abuse-'));
    const cluster = options.database === 'postgres' ? await startCluster({ maxConnections: 300 }) : null;
    const server = new AbuseServer(dataDir, await freePort(), productionLaunch(), smtp, mails, options, cluster);
    try {
      await server.ready();
      return server;
    } catch (err) {
      // A start that fails leaves nothing running: the server, its cluster, the mail catcher, the data.
      await server.stop();
      throw err;
    }
  }

  private async ready(): Promise<void> {
    try {
      await this.spawn();
    } catch (err) {
      if (!/TRUST_PROXY/.test(this.log)) throw err;
      // Code from before TRUST_PROXY took Express's values: the forged-header attack reports it.
      this.trustProxy = 'true';
      await this.spawn();
    }
    // The first-admin line is printed before the server listens; its pipe may lag the health answer.
    for (let i = 0; i < 40 && !this.adminPassword; i++) await new Promise((r) => setTimeout(r, 50));
    if (!this.adminPassword) throw new Error(`No first-admin password in the server's log:\n${this.log}`);
  }

  private spawn(): Promise<void> {
    const smtpPort = (this.smtp.server.address() as AddressInfo).port;
    const child = spawn(process.execPath, [...this.launch.nodeFlags, path.join(ROOT, BUNDLE)], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...this.launch.env,
        NODE_ENV: 'production',
        DATA_DIR: this.dataDir,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.url,
        SEED_ON_EMPTY: 'true',
        ADMIN_EMAIL,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        TRUST_PROXY: this.trustProxy,
        LOG_LEVEL: 'info',
        // Set either way: a DATABASE_URL in the developer's shell must not move the SQLite run.
        DATABASE_URL: this.cluster?.url ?? '',
        WEB_CONCURRENCY: String(this.options.processes),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (d: Buffer) => {
      this.log = (this.log + d.toString()).slice(-20_000);
      // "First admin created: <email> / <password>" today; any line naming the address, then the password.
      const admin = new RegExp(`${ADMIN_EMAIL.replaceAll('.', '\\.')}\\s*/\\s*(\\S+)`).exec(this.log);
      if (admin && !this.adminPassword) this.adminPassword = admin[1];
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code, signal) =>
      this.exits.push({ at: Date.now(), how: signal ?? `exit ${code}`, log: this.log.slice(-1500) }),
    );
    return new Promise<void>((resolve, reject) => {
      let done = false;
      const finish = (err?: Error) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (err) reject(err);
        else resolve();
      };
      const timer = setTimeout(
        () => finish(new Error(`server did not start:\n${this.log}`)),
        READY_TIMEOUT_MS,
      );
      child.once('exit', (code, signal) =>
        finish(new Error(`server exited (${signal ?? code}) before it was ready:\n${this.log}`)),
      );
      // Ready when /api/health answers, whatever the start-up log says.
      const poll = async () => {
        while (!done) {
          const health = await fetch(`${this.url}/api/health`).catch(() => null);
          if (health?.ok) return finish();
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      void poll();
    });
  }

  /** Starts the server again on the same data when an attack killed it; says whether it had to. */
  async ensureAlive(): Promise<boolean> {
    if (this.alive) return false;
    this.log = '';
    await this.spawn();
    return true;
  }

  /** The serving processes: the one process, or a primary's workers. */
  private servingPids(): number[] {
    if (!this.pid) return [];
    const workers = this.options.processes > 1 ? childrenOf(this.pid) : [];
    return workers.length ? workers : [this.pid];
  }

  /** Peak resident memory in MB (VmHWM) of the largest serving process, 0 once it is gone. */
  peakMb(): number {
    const peaks = this.servingPids().map((pid) => readMemory(pid)?.hwm ?? 0);
    return Math.max(0, ...peaks) / 2 ** 20;
  }

  /** Resets the serving processes' VmHWM (Linux clear_refs 5), so one attack's peak is its own. */
  resetPeak(): boolean {
    const pids = this.servingPids();
    try {
      for (const pid of pids) fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      return pids.length > 0;
    } catch {
      return false;
    }
  }

  /** Mails to one address so far. */
  mailsTo(address: string): Mail[] {
    return this.mails.filter((m) => m.to.toLowerCase() === address.toLowerCase());
  }

  async waitForMail(address: string, count: number, timeoutMs = 10_000): Promise<Mail | null> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const found = this.mailsTo(address);
      if (found.length >= count) return found[count - 1];
      await new Promise((r) => setTimeout(r, 25));
    }
    return null;
  }

  async stop(opts: { keepData?: boolean } = {}): Promise<void> {
    const child = this.child;
    if (child && this.alive) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => this.smtp.close(() => resolve()));
    this.cluster?.stop();
    if (!opts.keepData) fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

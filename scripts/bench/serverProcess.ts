// Runs scripts/bench/server.ts as a separate Node process (so the load tool and the server do not
// share an event loop), waits for it to listen, samples its memory from /proc, and can kill it
// hard (SIGKILL, the crash of the fault test) and start it again on the same data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const SERVER_SCRIPT = path.resolve(import.meta.dirname, 'server.ts');
const READY_TIMEOUT_MS = 30_000;
const MEMORY_POLL_MS = 100;

export interface ServerOptions {
  dataDir: string;
  jwtSecret: string;
  relaxedLimits: boolean;
  /** Directory for one V8 CPU profile per measurement (see profile()). */
  profileDir?: string;
  /** Run this compiled JavaScript file with node instead of server.ts under tsx. */
  compiled?: string;
  /** Node options for the compiled file, e.g. productionLaunch().nodeFlags. */
  nodeFlags?: string[];
  /** Environment settings on top of this process's, e.g. productionLaunch().env. */
  env?: Record<string, string>;
}

/** How production runs the compiled server (package.json's serve script): shared with npm run abuse. */
export { productionLaunch } from '../abuse/launch';

/** A free loopback port, chosen once so a restarted server answers at the same address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Peak resident memory (VmHWM) and current (VmRSS) of a process, in bytes; null once it is gone. */
export function readMemory(pid: number): { hwm: number; rss: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { hwm: kb('VmHWM'), rss: kb('VmRSS') };
  } catch {
    return null;
  }
}

/** The pids of the live processes whose parent is `pid` (a cluster primary's workers). */
export function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        // Fields after the command (in parentheses): state, then the parent's pid.
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(ppid) === pid && state !== 'Z';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ): 100 on every Linux the app targets. */
const USER_HZ = 100;

/** CPU time (user + system, all threads) a process has used so far, in ms; null once it is gone. */
export function readCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start at the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
  } catch {
    return null;
  }
}

export class ServerProcess {
  private child: ChildProcess | null = null;
  private poll: NodeJS.Timeout | null = null;
  /** Highest VmHWM seen over every process this object started (restarts included). */
  peakBytes = 0;
  /** Each process's own peak resident memory (VmHWM), by pid: the primary and each worker. */
  readonly peakByPid = new Map<number, { role: 'primary' | 'worker'; bytes: number }>();
  stderr = '';
  readonly url: string;

  private constructor(
    private readonly opts: ServerOptions,
    readonly port: number,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async start(opts: ServerOptions): Promise<ServerProcess> {
    const sp = new ServerProcess(opts, await freePort());
    await sp.launch();
    return sp;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The server's own view of its memory (process.memoryUsage()), in MB. */
  async memory(): Promise<Record<string, number>> {
    const res = await fetch(`${this.url}/__memory`);
    const usage = (await res.json()) as Record<string, number>;
    return Object.fromEntries(Object.entries(usage).map(([k, v]) => [k, Math.round(v / 2 ** 20)]));
  }

  /** CPU the current server process has used, in ms (0 when none runs). */
  cpuMs(): number {
    return this.child?.pid ? (readCpuMs(this.child.pid) ?? 0) : 0;
  }

  private async launch(): Promise<void> {
    const args = this.opts.compiled
      ? [...(this.opts.nodeFlags ?? []), this.opts.compiled]
      : ['--import', 'tsx', SERVER_SCRIPT];
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        ...this.opts.env,
        DATA_DIR: this.opts.dataDir,
        JWT_SECRET: this.opts.jwtSecret,
        PORT: String(this.port),
        RELAXED_LIMITS: this.opts.relaxedLimits ? '1' : '0',
        ...(this.opts.profileDir ? { PROFILE_DIR: this.opts.profileDir } : {}),
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stderr?.on('data', (d: Buffer) => {
      // Keep the tail only: enough to explain a failed start.
      this.stderr = (this.stderr + d.toString()).slice(-8000);
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Not left running (its workers with it) once the caller has given up on it.
        child.kill('SIGTERM');
        reject(new Error(`server did not start within ${READY_TIMEOUT_MS / 1000} s: ${this.stderr}`));
      }, READY_TIMEOUT_MS);
      let out = '';
      const untilReady = (d: Buffer) => {
        out += d.toString();
        if (out.includes('READY')) {
          clearTimeout(timer);
          // The log lines after it (LOG_LEVEL) are read and dropped, not kept.
          child.stdout?.off('data', untilReady).resume();
          resolve();
        }
      };
      child.stdout?.on('data', untilReady);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code} before it was ready: ${this.stderr}`));
      });
    });
    this.poll = setInterval(() => this.sample(), MEMORY_POLL_MS);
    this.poll.unref();
  }

  /** Peak memory of the server: with workers, the sum of the resident memory of all of them. */
  private sample(): void {
    if (!this.child?.pid) return;
    const primary = this.child.pid;
    const workers = childrenOf(primary);
    const memory = new Map([primary, ...workers].map((pid) => [pid, readMemory(pid)]));
    for (const [pid, mem] of memory) {
      if (!mem) continue;
      const bytes = Math.max(this.peakByPid.get(pid)?.bytes ?? 0, mem.hwm);
      this.peakByPid.set(pid, { role: pid === primary ? 'primary' : 'worker', bytes });
    }
    if (!workers.length) {
      const mem = memory.get(primary);
      if (mem) this.peakBytes = Math.max(this.peakBytes, mem.hwm, mem.rss);
      return;
    }
    const rss = [...memory.values()].reduce((sum, mem) => sum + (mem?.rss ?? 0), 0);
    this.peakBytes = Math.max(this.peakBytes, rss);
  }

  /** With WEB_CONCURRENCY: SIGKILL of one worker, the crash of one of several processes. */
  killWorker(): number {
    const [worker] = this.child?.pid ? childrenOf(this.child.pid) : [];
    if (!worker) throw new Error('the server has no worker processes');
    process.kill(worker, 'SIGKILL');
    return worker;
  }

  private async exit(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.sample();
    if (this.poll) clearInterval(this.poll);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
    await Promise.race([exited, timeout]);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    this.child = null;
  }

  /** Runs `work` with the server's CPU profiler on, when profiling was asked for; the profile is named `name`. */
  async profile<T>(name: string, work: () => Promise<T>): Promise<T> {
    if (!this.opts.profileDir) return work();
    await fetch(`${this.url}/__profile/start`, { method: 'POST' }).then((r) => r.arrayBuffer());
    try {
      return await work();
    } finally {
      await fetch(`${this.url}/__profile/stop?name=${encodeURIComponent(name)}`, { method: 'POST' }).then(
        (r) => r.arrayBuffer(),
      );
    }
  }

  /** The crash: no chance to finish requests, flush or close the database. */
  kill(): Promise<void> {
    return this.exit('SIGKILL');
  }

  async restart(): Promise<void> {
    await this.kill();
    await this.launch();
  }

  stop(): Promise<void> {
    return this.exit('SIGTERM');
  }
}

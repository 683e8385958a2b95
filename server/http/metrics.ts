// GET /metrics in Prometheus's text format (prom-client), for the addresses METRICS_ALLOW lists;
// any other gets the 404 of a path that does not exist, before anything is computed.
//
// What it holds: each procedure's calls (tRPC and the REST routes that call it) by outcome, as a
// latency histogram (its _count gives the rate); each REST route's requests by status; the
// database pool (PostgreSQL: connections total, idle, and callers waiting for one; SQLite: its one
// connection and the write-ahead log's size); the request-body budget (bytes in use per lane,
// bodies waiting); the password hasher (checks queued and running, their queueing, sign-ins
// refused as busy); and prom-client's default process metrics (CPU, memory, heap, event-loop
// delay). Gauges are read when scraped, so the domain code knows nothing of any of this.
//
// With several worker processes (WEB_CONCURRENCY) each keeps its own figures; a scrape, answered
// by whichever worker the connection reached, asks the primary process to gather every worker's
// (prom-client's AggregatorRegistry) and answers with their sum, so one scrape sees the instance.
import cluster from 'node:cluster';
import fs from 'node:fs';
import type { RequestHandler } from 'express';
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type RegistryContentType,
} from 'prom-client';
import { storageOf, type DB } from '../../db/client';
import type { BodyBudget } from './bodyBudget';
import type { PasswordHasher } from '../services/passwordHasher';

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A histogram of durations in seconds, with the buckets every such histogram here shares. */
function seconds<L extends string>(name: string, help: string, labelNames: L[], registers: Registry[]) {
  return new Histogram<L>({ name, help, labelNames, buckets: SECONDS_BUCKETS, registers });
}

/** The process's own metrics (prom-client's defaults), shared by every app the process serves. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

let workerSide: AggregatorRegistry<RegistryContentType> | null = null;

export interface MetricSources {
  db: DB;
  budget: BodyBudget;
  hasher: () => PasswordHasher;
}

export class AppMetrics {
  readonly registry = new Registry();
  private readonly calls: Histogram<'procedure' | 'outcome'>;
  private readonly requests: Histogram<'route' | 'status'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    this.calls = seconds(
      'nmc_procedure_duration_seconds',
      'Procedure calls (over /trpc and the REST routes) by procedure and outcome (ok, or the error code)',
      ['procedure', 'outcome'],
      registers,
    );
    this.requests = seconds(
      'nmc_rest_request_duration_seconds',
      'Requests to the REST paths under /api by route (its pattern, not the address) and status',
      ['route', 'status'],
      registers,
    );
    databaseGauges(sources.db, registers);
    budgetGauges(sources.budget, registers);
    hasherMetrics(sources.hasher, registers);
    processMetrics();
    // The primary gathers a worker's figures from these (see the top of this file). prom-client's
    // worker side answers the primary only once an AggregatorRegistry exists in the worker.
    if (cluster.isWorker) {
      workerSide ??= new AggregatorRegistry();
      AggregatorRegistry.setRegistries([this.registry, processMetrics()]);
    }
  }

  /** A procedure's call ended: its name, `ok` or its error code, and how long it took. */
  readonly observeCall = (procedure: string, outcome: string, seconds: number): void => {
    this.calls.observe({ procedure, outcome }, seconds);
  };

  /** Times each request under /api by the route that answered it (`unmatched` when none did). */
  restTimer(): RequestHandler {
    return (req, res, next) => {
      const started = performance.now();
      res.once('finish', () => {
        // Express leaves the matched route on the request; a raw URL would make a series per id.
        const route = req.route?.path ? `${req.method} /api${String(req.route.path)}` : 'unmatched';
        this.requests.observe(
          { route, status: String(res.statusCode) },
          (performance.now() - started) / 1000,
        );
      });
      next();
    };
  }

  /**
   * GET /metrics. `allowed` is tested on the client's address as the app sees it (behind a trusted
   * proxy, the address the proxy saw). A request that came through a proxy the app was not told to
   * trust (it carries X-Forwarded-For or Forwarded) is refused too: its socket address would be
   * the proxy's own, perhaps a loopback one.
   */
  endpoint(allowed: (address: string | undefined) => boolean, trustsProxy: boolean): RequestHandler {
    return async (req, res) => {
      const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
      if ((proxied && !trustsProxy) || !allowed(req.ip)) {
        res.status(404).json({ detail: 'Not found.' });
        return;
      }
      const text = cluster.isWorker
        ? await askPrimary()
        : await Registry.merge([this.registry, processMetrics()]).metrics();
      res.setHeader('Cache-Control', 'no-store');
      if (text === null) {
        res.status(503).type('text/plain').send('The figures of the other workers did not arrive in time.\n');
        return;
      }
      res.type(this.registry.contentType).send(text);
    };
  }
}

function databaseGauges(db: DB, registers: Registry[]) {
  const storage = storageOf(db);
  if (storage.engine === 'postgres') {
    const { pool } = storage;
    new Gauge({
      name: 'nmc_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting)',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    return;
  }
  new Gauge({
    name: 'nmc_db_pool_connections',
    help: 'SQLite: the one connection every query of the process takes in turn',
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'total' }, 1);
    },
  });
  new Gauge({
    name: 'nmc_sqlite_wal_bytes',
    help: "Size of the SQLite file's write-ahead log, which grows when checkpoints cannot keep up",
    registers,
    collect() {
      try {
        this.set(fs.statSync(`${storage.file}-wal`).size);
      } catch {
        this.set(0);
      }
    },
  });
}

function budgetGauges(budget: BodyBudget, registers: Registry[]) {
  new Gauge({
    name: 'nmc_body_budget_bytes',
    help: 'Request bodies being read: bytes charged to each lane (in_use) and its room',
    labelNames: ['lane', 'kind'],
    registers,
    collect() {
      for (const { lane, bytes, room } of budget.figures.lanes) {
        this.set({ lane, kind: 'in_use' }, bytes);
        this.set({ lane, kind: 'room' }, room);
      }
    },
  });
  new Gauge({
    name: 'nmc_body_budget_waiting',
    help: 'Request bodies waiting for a place in their lane (bodies), and the bytes they would take (bytes)',
    labelNames: ['unit'],
    registers,
    collect() {
      const { waiting, bytesWaiting } = budget.figures;
      this.set({ unit: 'bodies' }, waiting);
      this.set({ unit: 'bytes' }, bytesWaiting);
    },
  });
}

function hasherMetrics(hasher: () => PasswordHasher, registers: Registry[]) {
  new Gauge({
    name: 'nmc_password_checks',
    help: 'Password hashes and checks running on the hashing threads, and queued for them',
    labelNames: ['state'],
    registers,
    collect() {
      const { running, queued } = hasher().figures;
      this.set({ state: 'running' }, running);
      this.set({ state: 'queued' }, queued);
    },
  });
  new Counter({
    name: 'nmc_sign_ins_busy_total',
    help: 'Sign-ins answered 429 "try again in N seconds" because the password checks queued were too many',
    registers,
    collect() {
      this.reset();
      this.inc(hasher().figures.refused);
    },
  });
  const queueing = seconds(
    'nmc_password_check_queue_seconds',
    'How long each password hash or check waited for a hashing thread',
    [],
    registers,
  );
  hasher().onJob = (queuedMs) => queueing.observe(queuedMs / 1000);
}

/** A worker's scrape: the primary gathers every worker's figures. Null when they do not come. */
const SCRAPE = 'nmc:metrics';
const SCRAPE_TIMEOUT_MS = 7000;
const scrapes = new Map<number, (text: string | null) => void>();
let nextScrape = 1;
let listening = false;

interface ScrapeMessage {
  type: typeof SCRAPE;
  id: number;
  text?: string | null;
}

const isScrape = (m: unknown): m is ScrapeMessage =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === SCRAPE;

function askPrimary(): Promise<string | null> {
  if (!listening) {
    listening = true;
    process.on('message', (m: unknown) => {
      if (isScrape(m)) scrapes.get(m.id)?.(m.text ?? null);
    });
  }
  const id = nextScrape++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => answer(null), SCRAPE_TIMEOUT_MS);
    const answer = (text: string | null) => {
      clearTimeout(timer);
      scrapes.delete(id);
      resolve(text);
    };
    scrapes.set(id, answer);
    process.send?.({ type: SCRAPE, id } satisfies ScrapeMessage);
  });
}

/** In the primary process: answers each worker's scrape with the sum of every worker's figures. */
export function gatherWorkerMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, m: unknown) => {
    if (!isScrape(m)) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: SCRAPE, id: m.id, text } satisfies ScrapeMessage),
      () => worker.send({ type: SCRAPE, id: m.id, text: null } satisfies ScrapeMessage),
    );
  });
}

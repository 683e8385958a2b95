// The bystanders of the availability attack, in their own process so the attacker's busy event
// loop does not slow their clocks: a monitor polling GET /api/health every 50 ms, and a signed-in
// student saving an answer in a running mock every 300 ms. Prints one JSON line when done.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { URL } from 'node:url';

const { url, durationMs, token, sessionId, questionIds, from } = JSON.parse(process.argv[2]);
const base = new URL(url);
const until = Date.now() + durationMs;

function call(agent, method, path, body, timeoutMs) {
  const payload = body ? Buffer.from(JSON.stringify(body)) : undefined;
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent,
        localAddress: from,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ ok: res.statusCode === 200, status: res.statusCode, ms: performance.now() - t0 }),
        );
        res.on('error', () => resolve({ ok: false, status: 0, ms: performance.now() - t0 }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ ok: false, status: 0, ms: performance.now() - t0 }));
    req.end(payload);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function health() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const out = { ms: [], failed: 0, statuses: {} };
  while (Date.now() < until) {
    // A request that never answers counts as failed after 2 s (and as 2 s in the percentiles).
    const r = await call(agent, 'GET', '/api/health', undefined, 2000);
    out.ms.push(r.ms);
    if (!r.ok) out.failed++;
    out.statuses[r.status] = (out.statuses[r.status] ?? 0) + 1;
    await sleep(50);
  }
  agent.destroy();
  return out;
}

async function saves() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const out = { ok: 0, failed: 0, statuses: {} };
  let i = 0;
  while (Date.now() < until) {
    const question_id = questionIds[i % questionIds.length];
    const r = await call(
      agent,
      'POST',
      `/api/exams/quiz/${sessionId}/answer/`,
      {
        question_id,
        selected_answer: 'ABCD'[i % 4],
      },
      10_000,
    );
    i++;
    if (r.ok) out.ok++;
    else out.failed++;
    out.statuses[r.status] = (out.statuses[r.status] ?? 0) + 1;
    await sleep(300);
  }
  agent.destroy();
  return out;
}

const [h, s] = await Promise.all([health(), saves()]);
process.stdout.write(JSON.stringify({ health: h, saves: s }) + '\n');

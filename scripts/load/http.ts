// A small JSON-over-HTTP client for the simulated students: node:http with one keep-alive agent
// (each student holds a connection, as each phone would), a hard timeout on every request, and
// network failures surfaced as NetworkError so callers can retry them the way the browser does.
import http from 'node:http';

export class NetworkError extends Error {}

export interface JsonAnswer {
  status: number;
  body: unknown;
  /** The Retry-After header in seconds, when the server sent one. */
  retryAfter: number | null;
}

export class JsonClient {
  private readonly agent: http.Agent;

  constructor(
    private readonly base: URL,
    opts: { maxSockets: number; timeoutMs: number },
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: opts.maxSockets, timeout: opts.timeoutMs });
    this.timeoutMs = opts.timeoutMs;
  }

  private readonly timeoutMs: number;

  request(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<JsonAnswer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          agent: this.agent,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (e) => reject(new NetworkError(e.message)));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON: keep the text for the error report
            }
            const retryAfter = Number(res.headers['retry-after']);
            resolve({
              status: res.statusCode ?? 0,
              body: parsed,
              retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
            });
          });
        },
      );
      req.setTimeout(this.timeoutMs, () => req.destroy(new Error(`timeout after ${this.timeoutMs} ms`)));
      req.on('error', (e) => reject(new NetworkError(e.message)));
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

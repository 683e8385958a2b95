// Request bodies being read at once, across the process. Each body is charged its declared length
// (or its procedure's ceiling) to one of four lanes, each with its own room, so that a flood in one
// lane never takes another's: signed-in students' answer saves and submits, the small sign-in and
// refresh bodies, other anonymous bodies (registration, resets), and everything else. Within a lane
// one address (anonymous callers) or one user has at most a few bodies in flight. A burst of large
// or stalled bodies therefore cannot fill the heap: past its lane's room a body is not read.
//
// A body that arrives too slowly loses its place. After a grace it must keep arriving at a minimum
// rate or it is cut; and when a lane or a sender's share is full, a newcomer takes the place of a
// body that has been crawling since it started, instead of being refused. A newcomer that finds no
// crawling body to replace waits a moment for one. So a sender who reopens slow bodies as fast as
// they are cut holds only places that nobody sending at a phone's pace needs.
export type BodyLane = 'answers' | 'session' | 'anonymous' | 'other';

export interface BodyBudgetLimits {
  /** Bytes each lane may have in flight. */
  laneBytes: Record<BodyLane, number>;
  /** Bodies one address (callers without an account) may have in flight in one lane. */
  perAddress: number;
  /** Bodies one signed-in user may have in flight in one lane. */
  perUser: number;
  /** A body still arriving after this long must bring `minBytesPerSecond` over each further span of it. */
  graceMs: number;
  minBytesPerSecond: number;
  /** When room is short, a body at least this old that has averaged under the rate below gives way. */
  crawlAfterMs: number;
  crawlBytesPerSecond: number;
  /** How long a newcomer waits for a place before it is refused, and how many may wait at once. */
  waitMs: number;
  maxWaiting: number;
}

const MB = 1024 * 1024;

export const DEFAULT_BODY_BUDGET: BodyBudgetLimits = {
  laneBytes: { answers: 8 * MB, session: 1 * MB, anonymous: 3 * MB, other: 20 * MB },
  perAddress: 32,
  perUser: 8,
  graceMs: 5_000,
  minBytesPerSecond: 1024,
  crawlAfterMs: 500,
  crawlBytesPerSecond: 4 * 1024,
  waitMs: 1_000,
  maxWaiting: 256,
};

export interface BodyRequest {
  lane: BodyLane;
  userId: number | null;
  address: string;
  /** Bytes charged: the declared length, or the procedure's ceiling when none is declared. */
  bytes: number;
  /** Called when the body loses its place (too slow, or replaced by a newcomer) before it is read. */
  onCut: () => void;
}

/** A body's place: told of each piece that arrives, released once the body is read or given up. */
export interface BodyPlace {
  arrived(bytes: number): void;
  release(): void;
}

interface InFlight {
  request: BodyRequest;
  key: string;
  started: number;
  received: number;
  /** The start of the current span of the minimum-rate rule, and what had arrived by then. */
  markAt: number;
  markReceived: number;
}

interface Waiter {
  request: BodyRequest;
  until: number;
  resolve: (place: BodyPlace | null) => void;
}

const TICK_MS = 100;

export class BodyBudget {
  private readonly used = new Map<BodyLane, number>();
  private readonly inLane = new Map<BodyLane, Set<InFlight>>();
  private readonly ofKey = new Map<string, Set<InFlight>>();
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private retryScheduled = false;

  constructor(
    private readonly limits: BodyBudgetLimits = DEFAULT_BODY_BUDGET,
    private readonly now: () => number = Date.now,
  ) {}

  /** A place for a body, at once or after a short wait: null when there is none to be had. */
  reserve(request: BodyRequest): Promise<BodyPlace | null> {
    const place = this.tryPlace(request);
    if (place || this.waiters.length >= this.limits.maxWaiting || this.limits.waitMs <= 0)
      return Promise.resolve(place);
    return new Promise((resolve) => {
      this.waiters.push({ request, until: this.now() + this.limits.waitMs, resolve });
      this.startTicking();
    });
  }

  /** Bytes charged now, over every lane (for tests and the health of the process). */
  get bytesInFlight(): number {
    let sum = 0;
    for (const bytes of this.used.values()) sum += bytes;
    return sum;
  }

  private keyOf(r: BodyRequest): string {
    return r.userId === null ? `${r.lane}|address:${r.address}` : `${r.lane}|user:${r.userId}`;
  }

  /** Bodies that may give way to a newcomer, the slowest first. */
  private crawling(bodies: Iterable<InFlight>, now: number): InFlight[] {
    const rate = (b: InFlight) => (b.received * 1000) / Math.max(1, now - b.started);
    return [...bodies]
      .filter((b) => now - b.started >= this.limits.crawlAfterMs && rate(b) < this.limits.crawlBytesPerSecond)
      .sort((a, b) => rate(a) - rate(b));
  }

  private tryPlace(request: BodyRequest): BodyPlace | null {
    const { lane, bytes } = request;
    const key = this.keyOf(request);
    const now = this.now();
    const cap = request.userId === null ? this.limits.perAddress : this.limits.perUser;
    const room = this.limits.laneBytes[lane];
    if (bytes > room) return null;

    // Who has to give way, chosen before anyone is cut: nobody is cut for a newcomer refused anyway.
    const giving = new Set<InFlight>();
    const sameKey = this.ofKey.get(key);
    if (sameKey && sameKey.size >= cap) {
      const [slowest] = this.crawling(sameKey, now);
      if (!slowest) return null;
      giving.add(slowest);
    }
    let over = (this.used.get(lane) ?? 0) + bytes - room;
    for (const body of giving) over -= body.request.bytes;
    if (over > 0) {
      for (const body of this.crawling(this.inLane.get(lane) ?? [], now)) {
        if (giving.has(body)) continue;
        giving.add(body);
        over -= body.request.bytes;
        if (over <= 0) break;
      }
      if (over > 0) return null;
    }
    for (const body of giving) this.cut(body);

    const body: InFlight = { request, key, started: now, received: 0, markAt: now, markReceived: 0 };
    this.add(body);
    let released = false;
    return {
      arrived: (n) => {
        body.received += n;
      },
      release: () => {
        if (released) return;
        released = true;
        if (this.remove(body)) this.scheduleRetry();
      },
    };
  }

  private add(body: InFlight) {
    const { lane, bytes } = body.request;
    this.used.set(lane, (this.used.get(lane) ?? 0) + bytes);
    setOf(this.inLane, lane).add(body);
    setOf(this.ofKey, body.key).add(body);
    this.startTicking();
  }

  /** Takes a body off the books; false when it already was. */
  private remove(body: InFlight): boolean {
    const { lane, bytes } = body.request;
    const lanes = this.inLane.get(lane);
    if (!lanes?.delete(body)) return false;
    this.used.set(lane, (this.used.get(lane) ?? 0) - bytes);
    const keys = this.ofKey.get(body.key);
    keys?.delete(body);
    if (keys && !keys.size) this.ofKey.delete(body.key);
    return true;
  }

  private cut(body: InFlight) {
    if (!this.remove(body)) return;
    body.request.onCut();
    this.scheduleRetry();
  }

  private scheduleRetry() {
    if (this.retryScheduled || !this.waiters.length) return;
    this.retryScheduled = true;
    setImmediate(() => {
      this.retryScheduled = false;
      this.serveWaiters();
    });
  }

  /** Places the waiters that now fit, in the order they came; refuses those whose wait is over. */
  private serveWaiters() {
    const now = this.now();
    const still: Waiter[] = [];
    for (const w of this.waiters) {
      const place = this.tryPlace(w.request);
      if (place) w.resolve(place);
      else if (now >= w.until) w.resolve(null);
      else still.push(w);
    }
    this.waiters = still;
  }

  /** Cuts the bodies that fell under the minimum rate after their grace. */
  private enforceMinimumRate() {
    const now = this.now();
    const { graceMs, minBytesPerSecond } = this.limits;
    for (const bodies of this.inLane.values()) {
      for (const body of [...bodies]) {
        if (now - body.markAt < graceMs) continue;
        const due = Math.min(
          (minBytesPerSecond * (now - body.markAt)) / 1000,
          body.request.bytes - body.markReceived,
        );
        if (body.received - body.markReceived < due) this.cut(body);
        else {
          body.markAt = now;
          body.markReceived = body.received;
        }
      }
    }
  }

  private startTicking() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.enforceMinimumRate();
      if (this.waiters.length) this.serveWaiters();
      if (!this.waiters.length && ![...this.inLane.values()].some((s) => s.size)) {
        clearInterval(this.timer ?? undefined);
        this.timer = null;
      }
    }, TICK_MS);
    this.timer.unref();
  }
}

function setOf<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}

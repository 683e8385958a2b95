// Request bodies being read at once, across the process. Each body is charged its declared length
// (or its procedure's ceiling) to one of four lanes, each with its own room, so that a flood in one
// lane never takes another's: signed-in students' answer saves and submits, the small sign-in and
// refresh bodies, other anonymous bodies (registration, resets), and everything else. Within a lane
// one address (anonymous callers) or one user has at most a few bodies in flight. A burst of large
// or stalled bodies therefore cannot fill the heap: past its lane's room a body is not read.
//
// A body that arrives too slowly loses its place. After a grace it must keep arriving at a minimum
// rate or it is cut. When a sender's places are full, its newcomer takes the place of its own body
// that has been crawling since it started (behind one school address, the student signing in
// replaces the script's stalled body); when a lane is full, a newcomer takes the place of a crawling
// body of a sender who holds more places than its own sender does. A newcomer that finds no such
// place waits a moment, ahead of those whose senders hold more places, for a crawling body to be
// cut. So a sender who reopens slow bodies as fast as they are cut holds only the places that
// nobody else asks for, and such senders do not take places from one another.
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
  graceMs: 20_000,
  minBytesPerSecond: 1024,
  crawlAfterMs: 500,
  crawlBytesPerSecond: 4 * 1024,
  waitMs: 10_000,
  maxWaiting: 1024,
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
/**
 * Bodies cut for their rate in one tick (a hundred a second), and waiters refused in one pass:
 * slow bodies opened together fall due together, and answering them all at once would hold up
 * everyone else's calls for that long.
 */
const CUTS_PER_TICK = 10;

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
    if (place || this.limits.waitMs <= 0) return Promise.resolve(place);
    if (this.waiters.length >= this.limits.maxWaiting) {
      // A full queue makes room for a newcomer whose sender holds fewer places than the last in it.
      const last = this.waiters.reduce((a, b) => (this.heldBy(b.request) >= this.heldBy(a.request) ? b : a));
      if (this.heldBy(last.request) <= this.heldBy(request)) return Promise.resolve(null);
      this.waiters.splice(this.waiters.indexOf(last), 1);
      last.resolve(null);
    }
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

  /** Places the sender of `r` holds in its lane. */
  private heldBy(r: BodyRequest): number {
    return this.ofKey.get(this.keyOf(r))?.size ?? 0;
  }

  /** Bodies that may give way to a newcomer, the slowest first. */
  private crawling(bodies: Iterable<InFlight>, now: number): InFlight[] {
    const rate = (b: InFlight) => (b.received * 1000) / Math.max(1, now - b.started);
    return [...bodies]
      .filter((b) => now - b.started >= this.limits.crawlAfterMs && rate(b) < this.limits.crawlBytesPerSecond)
      .sort((a, b) => rate(a) - rate(b));
  }

  /**
   * A place for `request` now, if any. `crawlersOf` may hand over a lane's crawling bodies worked
   * out once for many requests: those cut since are skipped, and those placed since are too young.
   */
  private tryPlace(
    request: BodyRequest,
    crawlersOf = (lane: BodyLane, now: number) => this.crawling(this.inLane.get(lane) ?? [], now),
  ): BodyPlace | null {
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
      // Only from a sender left with at least as many places as this one's, so that senders of
      // slow bodies do not keep taking places from one another.
      const held = (sameKey?.size ?? 0) - giving.size + 1;
      const inLane = this.inLane.get(lane);
      for (const body of crawlersOf(lane, now)) {
        if (giving.has(body) || !inLane?.has(body) || (this.ofKey.get(body.key)?.size ?? 0) <= held) continue;
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

  /**
   * Places the waiters that now fit, those whose senders hold fewest places first, else in the
   * order they came; refuses those whose wait is over.
   */
  private serveWaiters() {
    const now = this.now();
    const still: Waiter[] = [];
    const order = this.waiters
      .map((w, i) => ({ w, i, held: this.heldBy(w.request) }))
      .sort((a, b) => a.held - b.held || a.i - b.i);
    // Worked out once a pass; once a waiter finds no place in a lane, those after it (holding as
    // many places or more) are not tried there until the next pass.
    const crawlers = new Map<BodyLane, InFlight[]>();
    const crawlersOf = (lane: BodyLane) => {
      let list = crawlers.get(lane);
      if (!list) crawlers.set(lane, (list = this.crawling(this.inLane.get(lane) ?? [], now)));
      return list;
    };
    const full = new Set<BodyLane>();
    let refused = 0;
    for (const { w } of order) {
      const place = full.has(w.request.lane) ? null : this.tryPlace(w.request, crawlersOf);
      if (!place) full.add(w.request.lane);
      if (place) w.resolve(place);
      else if (now >= w.until && refused < CUTS_PER_TICK) {
        refused++;
        w.resolve(null);
      } else still.push(w);
    }
    this.waiters = this.waiters.filter((w) => still.includes(w));
  }

  /** Cuts the bodies that fell under the minimum rate after their grace. */
  private enforceMinimumRate() {
    const now = this.now();
    const { graceMs, minBytesPerSecond } = this.limits;
    let cuts = 0;
    for (const bodies of this.inLane.values()) {
      for (const body of [...bodies]) {
        if (cuts >= CUTS_PER_TICK) return;
        if (now - body.markAt < graceMs) continue;
        const due = Math.min(
          (minBytesPerSecond * (now - body.markAt)) / 1000,
          body.request.bytes - body.markReceived,
        );
        if (body.received - body.markReceived < due) {
          this.cut(body);
          cuts++;
        } else {
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

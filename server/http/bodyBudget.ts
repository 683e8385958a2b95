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
import {
  DEFAULT_BODY_BUDGET,
  type BodyBudgetLimits,
  type BodyLane,
  type BodyPlace,
  type BodyRequest,
} from './bodyLanes';
import { BodyLedger, senderKey, type InFlight } from './bodyLedger';
import { BodyQueue } from './bodyQueue';
import { crawling, TICK_MS, underMinimumRate } from './slowBodies';

export { DEFAULT_BODY_BUDGET, type BodyBudgetLimits, type BodyLane, type BodyPlace, type BodyRequest };

export interface BodyBudgetFigures {
  lanes: Array<{ lane: BodyLane; bytes: number; room: number }>;
  waiting: number;
  bytesWaiting: number;
}

export class BodyBudget {
  private readonly books = new BodyLedger();
  private readonly queue: BodyQueue;
  private timer: NodeJS.Timeout | null = null;
  private retryScheduled = false;

  constructor(
    private readonly limits: BodyBudgetLimits = DEFAULT_BODY_BUDGET,
    private readonly now: () => number = Date.now,
  ) {
    this.queue = new BodyQueue(limits, (r) => this.books.heldBy(senderKey(r)));
  }

  /** A place for a body, at once or after a short wait: null when there is none to be had. */
  reserve(request: BodyRequest): Promise<BodyPlace | null> {
    const place = this.tryPlace(request);
    if (place || this.limits.waitMs <= 0) return Promise.resolve(place);
    const waiting = this.queue.join(request, this.now() + this.limits.waitMs);
    this.startTicking();
    return waiting;
  }

  /** Bytes charged now, over every lane (for tests and the health of the process). */
  get bytesInFlight(): number {
    return this.books.bytesInFlight;
  }

  /** Each lane's bytes in use and room, and the bodies waiting for a place (read by the metrics). */
  get figures(): BodyBudgetFigures {
    const lanes = Object.keys(this.limits.laneBytes) as BodyLane[];
    return {
      lanes: lanes.map((lane) => ({
        lane,
        bytes: this.books.usedIn(lane),
        room: this.limits.laneBytes[lane],
      })),
      waiting: this.queue.length,
      bytesWaiting: this.queue.bytes,
    };
  }

  /**
   * A place for `request` now, if any. `crawlersOf` may hand over a lane's crawling bodies worked
   * out once for many requests: those cut since are skipped, and those placed since are too young.
   */
  private tryPlace(
    request: BodyRequest,
    crawlersOf = (lane: BodyLane, now: number) => crawling(this.books.bodiesIn(lane), now, this.limits),
  ): BodyPlace | null {
    const { lane, bytes } = request;
    const key = senderKey(request);
    const now = this.now();
    const cap = request.userId === null ? this.limits.perAddress : this.limits.perUser;
    const room = this.limits.laneBytes[lane];
    if (bytes > room) return null;

    // Who has to give way, chosen before anyone is cut: nobody is cut for a newcomer refused anyway.
    const giving = new Set<InFlight>();
    const sameKey = this.books.bodiesOf(key);
    if (sameKey.size >= cap) {
      const [slowest] = crawling(sameKey, now, this.limits);
      if (!slowest) return null;
      giving.add(slowest);
    }
    let over = this.books.usedIn(lane) + bytes - room;
    for (const body of giving) over -= body.request.bytes;
    if (over > 0) {
      // Only from a sender left with at least as many places as this one's, so that senders of
      // slow bodies do not keep taking places from one another.
      const held = sameKey.size - giving.size + 1;
      const inLane = this.books.bodiesIn(lane);
      for (const body of crawlersOf(lane, now)) {
        if (giving.has(body) || !inLane.has(body) || this.books.heldBy(body.key) <= held) continue;
        giving.add(body);
        over -= body.request.bytes;
        if (over <= 0) break;
      }
      if (over > 0) return null;
    }
    for (const body of giving) this.cut(body);

    const body: InFlight = { request, key, started: now, received: 0, markAt: now, markReceived: 0 };
    this.books.add(body);
    this.startTicking();
    let released = false;
    return {
      arrived: (n) => {
        body.received += n;
      },
      release: () => {
        if (released) return;
        released = true;
        if (this.books.remove(body)) this.scheduleRetry();
      },
    };
  }

  private cut(body: InFlight) {
    if (!this.books.remove(body)) return;
    body.request.onCut();
    this.scheduleRetry();
  }

  private scheduleRetry() {
    if (this.retryScheduled || !this.queue.length) return;
    this.retryScheduled = true;
    setImmediate(() => {
      this.retryScheduled = false;
      this.serveWaiters();
    });
  }

  /** Tries the waiters again, with each lane's crawling bodies worked out once for the pass. */
  private serveWaiters() {
    const now = this.now();
    const crawlers = new Map<BodyLane, InFlight[]>();
    const crawlersOf = (lane: BodyLane) => {
      let list = crawlers.get(lane);
      if (!list) crawlers.set(lane, (list = crawling(this.books.bodiesIn(lane), now, this.limits)));
      return list;
    };
    this.queue.serve(now, (request) => this.tryPlace(request, crawlersOf));
  }

  private startTicking() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      for (const body of underMinimumRate(this.books.all(), this.now(), this.limits)) this.cut(body);
      if (this.queue.length) this.serveWaiters();
      if (!this.queue.length && this.books.empty) {
        clearInterval(this.timer ?? undefined);
        this.timer = null;
      }
    }, TICK_MS);
    this.timer.unref();
  }
}

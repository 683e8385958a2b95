// The waiting newcomers of the body budget (bodyBudget.ts). A body that finds no place waits a
// moment for one, ahead of those whose senders hold more places: so a sender who reopens slow
// bodies as fast as they are cut holds only the places nobody else asks for.
import type { BodyBudgetLimits, BodyLane, BodyPlace, BodyRequest } from './bodyLanes';
import { CUTS_PER_TICK } from './slowBodies';

interface Waiter {
  request: BodyRequest;
  until: number;
  resolve: (place: BodyPlace | null) => void;
}

export class BodyQueue {
  private waiters: Waiter[] = [];

  constructor(
    private readonly limits: BodyBudgetLimits,
    /** Places the sender of a request holds in its lane now. */
    private readonly heldBy: (r: BodyRequest) => number,
  ) {}

  get length(): number {
    return this.waiters.length;
  }

  /** The bytes the waiting bodies would be charged. */
  get bytes(): number {
    return this.waiters.reduce((sum, w) => sum + w.request.bytes, 0);
  }

  /** Waits for a place until `until`; null at once when the queue is full of senders holding no more. */
  join(request: BodyRequest, until: number): Promise<BodyPlace | null> {
    if (this.waiters.length >= this.limits.maxWaiting) {
      // A full queue makes room for a newcomer whose sender holds fewer places than the last in it.
      const last = this.waiters.reduce((a, b) => (this.heldBy(b.request) >= this.heldBy(a.request) ? b : a));
      if (this.heldBy(last.request) <= this.heldBy(request)) return Promise.resolve(null);
      this.waiters.splice(this.waiters.indexOf(last), 1);
      last.resolve(null);
    }
    return new Promise((resolve) => this.waiters.push({ request, until, resolve }));
  }

  /**
   * Places the waiters that now fit, those whose senders hold fewest places first, else in the
   * order they came; refuses those whose wait is over. `place` tries one request; once a waiter
   * finds no place in a lane, those after it (holding as many places or more) are not tried there
   * until the next pass.
   */
  serve(now: number, place: (request: BodyRequest) => BodyPlace | null) {
    const still: Waiter[] = [];
    const order = this.waiters
      .map((w, i) => ({ w, i, held: this.heldBy(w.request) }))
      .sort((a, b) => a.held - b.held || a.i - b.i);
    const full = new Set<BodyLane>();
    let refused = 0;
    for (const { w } of order) {
      const placed = full.has(w.request.lane) ? null : place(w.request);
      if (!placed) full.add(w.request.lane);
      if (placed) w.resolve(placed);
      else if (now >= w.until && refused < CUTS_PER_TICK) {
        refused++;
        w.resolve(null);
      } else still.push(w);
    }
    this.waiters = this.waiters.filter((w) => still.includes(w));
  }
}

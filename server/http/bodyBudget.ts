// Request bodies being read at once, across the whole process: a cap on their bytes, of which
// callers without an account get a small share, and on how many bodies one address (anonymous)
// or one user has in flight. A burst of large or stalled bodies therefore cannot fill the heap:
// past a cap the request is refused before a byte of its body is read.
export interface BodyBudgetLimits {
  totalBytes: number;
  anonymousBytes: number;
  perAddress: number;
  perUser: number;
}

export const DEFAULT_BODY_BUDGET: BodyBudgetLimits = {
  totalBytes: 32 * 1024 * 1024,
  anonymousBytes: 4 * 1024 * 1024,
  perAddress: 32,
  perUser: 8,
};

export class BodyBudget {
  private totalInFlight = 0;
  private anonymousInFlight = 0;
  private readonly bodiesOf = new Map<string, number>();

  constructor(private readonly limits: BodyBudgetLimits = DEFAULT_BODY_BUDGET) {}

  /** Reserves room for a body of `bytes`: the release function, or null when it does not fit. */
  reserve(bytes: number, who: { userId: number | null; address: string }): (() => void) | null {
    const anonymous = who.userId === null;
    const key = anonymous ? `address:${who.address}` : `user:${who.userId}`;
    const bodies = this.bodiesOf.get(key) ?? 0;
    if (bodies >= (anonymous ? this.limits.perAddress : this.limits.perUser)) return null;
    if (this.totalInFlight + bytes > this.limits.totalBytes) return null;
    if (anonymous && this.anonymousInFlight + bytes > this.limits.anonymousBytes) return null;

    this.totalInFlight += bytes;
    if (anonymous) this.anonymousInFlight += bytes;
    this.bodiesOf.set(key, bodies + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.totalInFlight -= bytes;
      if (anonymous) this.anonymousInFlight -= bytes;
      const left = (this.bodiesOf.get(key) ?? 1) - 1;
      if (left > 0) this.bodiesOf.set(key, left);
      else this.bodiesOf.delete(key);
    };
  }

  /** Bytes reserved now (for tests and the health of the process). */
  get bytesInFlight(): number {
    return this.totalInFlight;
  }
}

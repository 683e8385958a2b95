// The books of the body budget (bodyBudget.ts): every body in flight, by lane and by sender, and
// the bytes each lane holds.
import type { BodyLane, BodyRequest } from './bodyLanes';

export interface InFlight {
  request: BodyRequest;
  /** Its sender within its lane (senderKey). */
  key: string;
  started: number;
  received: number;
  /** The start of the current span of the minimum-rate rule, and what had arrived by then. */
  markAt: number;
  markReceived: number;
}

/** Who sends a body, within its lane: the signed-in user, else the address. */
export function senderKey(r: BodyRequest): string {
  return r.userId === null ? `${r.lane}|address:${r.address}` : `${r.lane}|user:${r.userId}`;
}

const NONE: ReadonlySet<InFlight> = new Set();

export class BodyLedger {
  private readonly used = new Map<BodyLane, number>();
  private readonly inLane = new Map<BodyLane, Set<InFlight>>();
  private readonly ofKey = new Map<string, Set<InFlight>>();

  /** Bytes charged to a lane now. */
  usedIn(lane: BodyLane): number {
    return this.used.get(lane) ?? 0;
  }

  /** Bytes charged now, over every lane. */
  get bytesInFlight(): number {
    let sum = 0;
    for (const bytes of this.used.values()) sum += bytes;
    return sum;
  }

  bodiesIn(lane: BodyLane): ReadonlySet<InFlight> {
    return this.inLane.get(lane) ?? NONE;
  }

  bodiesOf(key: string): ReadonlySet<InFlight> {
    return this.ofKey.get(key) ?? NONE;
  }

  /** Places a sender holds in its lane. */
  heldBy(key: string): number {
    return this.ofKey.get(key)?.size ?? 0;
  }

  /** Every body in flight, lane by lane. */
  *all(): Iterable<InFlight> {
    for (const bodies of this.inLane.values()) yield* bodies;
  }

  get empty(): boolean {
    return ![...this.inLane.values()].some((s) => s.size);
  }

  add(body: InFlight) {
    const { lane, bytes } = body.request;
    this.used.set(lane, this.usedIn(lane) + bytes);
    setOf(this.inLane, lane).add(body);
    setOf(this.ofKey, body.key).add(body);
  }

  /** Takes a body off the books; false when it already was. */
  remove(body: InFlight): boolean {
    const { lane, bytes } = body.request;
    const lanes = this.inLane.get(lane);
    if (!lanes?.delete(body)) return false;
    this.used.set(lane, this.usedIn(lane) - bytes);
    const keys = this.ofKey.get(body.key);
    keys?.delete(body);
    if (keys && !keys.size) this.ofKey.delete(body.key);
    return true;
  }
}

function setOf<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}

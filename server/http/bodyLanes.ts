// The lane table of the body budget (bodyBudget.ts): the four lanes a request body is charged to,
// each with its own room, and the limits on senders, rates and waiting.
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

// Rate limits for the procedures an attacker would hammer, in one place (the README's "Rate
// limits" table says what each counts). A school's students usually share one public address,
// so no limit of sign-in may lock a class out: an address is limited on its failures, never on
// its successes, and wrong passwords are throttled per account, across all addresses.
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimiterFactory } from '../../db/rateLimitStore';

export interface RateLimitConfig {
  /** attempts allowed within the window */
  points: number;
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMITS = {
  /** Failed sign-ins from one address; past it, its failures answer 429 and leave no state. */
  loginFailuresPerAddress: { points: 100, windowSeconds: 15 * 60 },
  /** Password hashes one address may cause, right or wrong: bounds what a flood costs. */
  passwordChecksPerAddress: { points: 1000, windowSeconds: 60 },
  /** Wrong passwords for one account, from anywhere; from the 5th, the account waits (signIn.ts). */
  loginFailuresPerAccount: { points: 10_000, windowSeconds: 15 * 60 },
  /** Wrong passwords from a browser with the account's device cookie; past it, the cookie is ignored. */
  loginFailuresPerDevice: { points: 10, windowSeconds: 15 * 60 },
  /** Sized for a school of 500 registering from one address within the hour, twice over. */
  register: { points: 1000, windowSeconds: 60 * 60 },
  /** Reset and verification mails asked for one account (the mail itself is limited per recipient). */
  resetPerAccount: { points: 5, windowSeconds: 60 * 60 },
  /** Reset and resend requests from one address, sized as registrations are. */
  mailRequestsPerAddress: { points: 1000, windowSeconds: 60 * 60 },
  /** Invalid or expired verification and reset links from one address; valid ones never count. */
  badLinksPerAddress: { points: 300, windowSeconds: 15 * 60 },
  /** Invalid refresh tokens from one address; valid ones never count. */
  refreshFailuresPerAddress: { points: 1000, windowSeconds: 15 * 60 },
  /** Quiz starts (a resume counts too): a script cannot churn out sessions. */
  quizStart: { points: 60, windowSeconds: 10 * 60 },
  /** Signed-in procedures that check the password: a stolen session cannot guess it quickly. */
  passwordConfirmPerUser: { points: 10, windowSeconds: 15 * 60 },
  /** New links for one class-list invitation (the mail itself is limited per recipient too). */
  invitationResends: { points: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitConfig>;

/** An account's first wait after wrong passwords; each further failure doubles it (signIn.ts). */
export const FIRST_ACCOUNT_WAIT_SECONDS = 2;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimitSettings = Record<RateLimitName, RateLimitConfig>;

/** Counters in this process's memory: right while one process serves the database. */
export const memoryLimiters: LimiterFactory = (opts) => new RateLimiterMemory(opts);

export class RateLimits {
  private readonly limiters: Record<RateLimitName, RateLimiterAbstract>;
  /** Accounts told to wait after wrong passwords: a key is blocked for the wait's seconds. */
  private readonly waits: RateLimiterAbstract;

  /**
   * `makeLimiter` chooses where counters live: memory, or the database when processes share it.
   * Tests of what happens during a long wait start the ladder there instead of waiting it out.
   */
  constructor(
    settings: Partial<RateLimitSettings> = {},
    makeLimiter: LimiterFactory = memoryLimiters,
    readonly firstAccountWaitSeconds = FIRST_ACCOUNT_WAIT_SECONDS,
  ) {
    const all = { ...DEFAULT_RATE_LIMITS, ...settings };
    this.limiters = Object.fromEntries(
      Object.entries(all).map(([name, cfg]) => [
        name,
        makeLimiter({ keyPrefix: name, points: cfg.points, duration: cfg.windowSeconds }),
      ]),
    ) as Record<RateLimitName, RateLimiterAbstract>;
    this.waits = makeLimiter({ keyPrefix: 'waits', points: 1, duration: 1 });
  }

  /** Counts one attempt; resolves false when the limit is exceeded. */
  async take(name: RateLimitName, key: string): Promise<boolean> {
    return (await this.count(name, key)) !== null;
  }

  /** Counts one attempt: how many the window holds now, or null when the limit is exceeded. */
  async count(name: RateLimitName, key: string): Promise<number | null> {
    try {
      return (await this.limiters[name].consume(key)).consumedPoints;
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      return null;
    }
  }

  /** True when the limit is already exhausted for the key (counts nothing). */
  async exhausted(name: RateLimitName, key: string): Promise<boolean> {
    const state = await this.limiters[name].get(key);
    return state !== null && state.remainingPoints <= 0;
  }

  async reset(name: RateLimitName, key: string): Promise<void> {
    await this.limiters[name].delete(key);
  }

  /** Makes `key` wait `seconds` (a wait already longer stays). */
  async wait(key: string, seconds: number): Promise<void> {
    if ((await this.secondsToWait(key)) < seconds) await this.waits.block(key, seconds);
  }

  /** Seconds `key` still has to wait, 0 when it may go on. */
  async secondsToWait(key: string): Promise<number> {
    const state = await this.waits.get(key);
    return state && state.consumedPoints > 1 ? Math.ceil(state.msBeforeNext / 1000) : 0;
  }

  async endWait(key: string): Promise<void> {
    await this.waits.delete(key);
  }
}

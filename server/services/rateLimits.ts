// Rate limits for the procedures an attacker would hammer. Keys combine the client address
// with the account where one is named, because a whole school class often shares one address.
import { RateLimiterMemory } from 'rate-limiter-flexible';

export interface RateLimitConfig {
  /** attempts allowed within the window */
  points: number;
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMITS = {
  loginPerAccount: { points: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { points: 1000, windowSeconds: 15 * 60 },
  register: { points: 100, windowSeconds: 60 * 60 },
  resetPerAccount: { points: 5, windowSeconds: 60 * 60 },
  resetPerAddress: { points: 60, windowSeconds: 60 * 60 },
  refresh: { points: 3000, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitConfig>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimitSettings = Record<RateLimitName, RateLimitConfig>;

export class RateLimits {
  private readonly limiters: Record<RateLimitName, RateLimiterMemory>;

  constructor(settings: Partial<RateLimitSettings> = {}) {
    const all = { ...DEFAULT_RATE_LIMITS, ...settings };
    this.limiters = Object.fromEntries(
      Object.entries(all).map(([name, cfg]) => [
        name,
        new RateLimiterMemory({ points: cfg.points, duration: cfg.windowSeconds }),
      ]),
    ) as Record<RateLimitName, RateLimiterMemory>;
  }

  /** Counts one attempt; resolves false when the limit is exceeded. */
  async take(name: RateLimitName, key: string): Promise<boolean> {
    try {
      await this.limiters[name].consume(key);
      return true;
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      return false;
    }
  }

  async reset(name: RateLimitName, key: string): Promise<void> {
    await this.limiters[name].delete(key);
  }
}

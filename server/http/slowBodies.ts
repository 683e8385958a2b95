// The slow-body rules of the body budget (bodyBudget.ts). A body still arriving after a grace
// must keep arriving at a minimum rate or it is cut; and when room is short, a body that has
// been crawling since it started is the one that gives way to a newcomer.
import type { BodyBudgetLimits } from './bodyLanes';
import type { InFlight } from './bodyLedger';

/** How often the rate is checked and waiting newcomers are tried again. */
export const TICK_MS = 100;
/**
 * Bodies cut for their rate in one tick (a hundred a second), and waiters refused in one pass:
 * slow bodies opened together fall due together, and answering them all at once would hold up
 * everyone else's calls for that long.
 */
export const CUTS_PER_TICK = 10;

/** Bodies that may give way to a newcomer, the slowest first. */
export function crawling(bodies: Iterable<InFlight>, now: number, limits: BodyBudgetLimits): InFlight[] {
  const rate = (b: InFlight) => (b.received * 1000) / Math.max(1, now - b.started);
  return [...bodies]
    .filter((b) => now - b.started >= limits.crawlAfterMs && rate(b) < limits.crawlBytesPerSecond)
    .sort((a, b) => rate(a) - rate(b));
}

/**
 * The bodies that fell under the minimum rate after their grace (CUTS_PER_TICK at most, the rest
 * wait for the next tick); every body checked that kept up starts a new span.
 */
export function underMinimumRate(
  bodies: Iterable<InFlight>,
  now: number,
  limits: BodyBudgetLimits,
): InFlight[] {
  const { graceMs, minBytesPerSecond } = limits;
  const due: InFlight[] = [];
  for (const body of bodies) {
    if (due.length >= CUTS_PER_TICK) break;
    if (now - body.markAt < graceMs) continue;
    const owed = Math.min(
      (minBytesPerSecond * (now - body.markAt)) / 1000,
      body.request.bytes - body.markReceived,
    );
    if (body.received - body.markReceived < owed) {
      due.push(body);
    } else {
      body.markAt = now;
      body.markReceived = body.received;
    }
  }
  return due;
}

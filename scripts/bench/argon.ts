// Password hashes per second on this machine, measured alone: the same argon2id parameters and
// the same hasher (its low-priority threads, server/services/passwordHasher.ts) the server's
// sign-in uses. Sign-in cannot beat this figure; if it comes close, the hash is what bounds it.
import { hashPassword, passwordHasher, verifyPassword } from '../../server/services/passwords';

export interface HashRate {
  perSecond: number;
  concurrency: number;
  threadPool: number;
  msPerHash: number;
}

export async function measureHashRate(concurrency: number, durationMs = 4000): Promise<HashRate> {
  const password = 'Harmattan-Lagoon-42';
  const stored = await hashPassword(password);
  let done = 0;
  // One hash alone first: the latency a sign-in pays even on an idle server.
  const t0 = performance.now();
  await verifyPassword(stored, password);
  const single = performance.now() - t0;
  const end = performance.now() + durationMs;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        if (!(await verifyPassword(stored, password))) throw new Error('argon2 verify failed');
        done++;
      }
    }),
  );
  return {
    perSecond: done / ((performance.now() - start) / 1000),
    concurrency,
    threadPool: passwordHasher().options.threads,
    msPerHash: single,
  };
}

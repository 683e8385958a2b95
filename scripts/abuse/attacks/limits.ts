// Rate limits that admit a school behind one address, throttle one account
// across addresses, ignore a forged X-Forwarded-For, share the hashing pool fairly, and cover the
// other account procedures.
import crypto from 'node:crypto';
import os from 'node:os';
import { ms, PASSWORD, type AbuseContext, type Account, type Attack } from '../context';
import { percentile, pool, sleep } from '../http';

const WRONG = 'Not-The-Password-9';
const randomEmail = () => `nobody.${crypto.randomBytes(5).toString('hex')}@random.test`;

/** Failed sign-ins from `from` (random addresses and `real` accounts) until `stop()` says so. */
async function failedLoginFlood(ctx: AbuseContext, from: string, real: Account[], stop: () => boolean) {
  const seen: Record<number, number> = {};
  let n = 0;
  // At most ~100 attempts a second: the flood's cost to the server is the hashing, not our loop.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (!stop()) {
        const email = n % 3 === 0 && real.length ? real[n % real.length].email : randomEmail();
        n++;
        const t0 = Date.now();
        const r = await ctx.call('POST', '/api/auth/login/', { from, body: { email, password: WRONG } });
        seen[r.status] = (seen[r.status] ?? 0) + 1;
        await sleep(Math.max(0, 80 - (Date.now() - t0)));
      }
    }),
  );
  return { attempts: n, statuses: seen };
}

export const counts = (r: Record<number, number>) =>
  Object.entries(r)
    .map(([k, v]) => `${v}x${k}`)
    .join(' ');

export const natClass: Attack = {
  name: 'class behind one address',
  together: true,
  async run(ctx) {
    const size = ctx.short ? { students: 30, spreadMs: 5000 } : { students: 300, spreadMs: 40_000 };
    const t0 = Date.now();
    const students = await ctx.students(size.students, 'class');
    const bystanders = await ctx.students(3, 'bystander');
    const made = Date.now() - t0;
    const nat = ctx.address();
    let done = false;
    const flood = failedLoginFlood(ctx, nat, bystanders, () => done);
    await sleep(2000);
    const startedAt = Date.now();
    const results = await Promise.all(
      students.map(async (s, i) => {
        // Spread over the spread window, as a class arriving at a lab within the minute.
        await sleep((i * size.spreadMs) / students.length);
        const r = await ctx.call('POST', '/api/auth/login/', {
          from: nat,
          body: { email: s.email, password: s.password },
        });
        return r.status;
      }),
    );
    const allInMs = Date.now() - startedAt;
    done = true;
    const f = await flood;
    const inside = results.filter((s) => s === 200).length;
    const refused: Record<number, number> = {};
    for (const s of results) if (s !== 200) refused[s] = (refused[s] ?? 0) + 1;
    return {
      name: 'class behind one address',
      held: inside === students.length,
      figures:
        `${inside} of ${students.length} students in within ${(allInMs / 1000).toFixed(1)} s` +
        `${inside < students.length ? ` (refused: ${counts(refused)})` : ''}, ` +
        `during ${f.attempts} failed sign-ins from the same address (${counts(f.statuses)}); made in ${(made / 1000).toFixed(1)} s`,
    };
  },
};

export const perAccountThrottle: Attack = {
  name: 'one account from many addresses',
  together: true,
  async run(ctx) {
    const [target] = await ctx.students(1, 'target');
    const addresses = Array.from({ length: 59 }, (_, i) => `127.0.0.${i + 2}`);
    const statuses: number[] = [];
    // Two wrong passwords from each of 59 addresses, one address after another.
    for (const from of addresses) {
      for (let k = 0; k < 2; k++) {
        const r = await ctx.call('POST', '/api/auth/login/', {
          from,
          body: { email: target.email, password: WRONG },
        });
        statuses.push(r.status);
      }
    }
    const first429 = statuses.indexOf(429);
    const throttled = statuses.filter((s) => s === 429).length;
    return {
      name: 'one account from many addresses',
      held: first429 >= 0 && first429 < 30,
      figures:
        `${statuses.length} wrong passwords from ${addresses.length} addresses: ${throttled} throttled (429)` +
        (first429 >= 0 ? `, the first at attempt ${first429 + 1}` : ', none throttled'),
    };
  },
};

export const forgedForwardedFor: Attack = {
  name: 'forged X-Forwarded-For',
  together: true,
  async run(ctx) {
    const attempts = ctx.short ? 200 : 400;
    // As behind the proxy: the client's own header first, then the address the proxy saw.
    const realClient = '203.0.113.77';
    const statuses: Record<number, number> = {};
    let first429 = -1;
    await pool(attempts, 8, async (i) => {
      const forged = `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      const r = await ctx.call('POST', '/api/auth/login/', {
        from: '127.0.0.1',
        headers: { 'x-forwarded-for': `${forged}, ${realClient}` },
        body: { email: randomEmail(), password: WRONG },
      });
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (r.status === 429 && first429 < 0) first429 = i + 1;
    });
    return {
      name: 'forged X-Forwarded-For',
      held: ctx.server.trustProxy === 'loopback' && first429 > 0,
      figures:
        `TRUST_PROXY=${ctx.server.trustProxy}${ctx.server.trustProxy === 'loopback' ? '' : ' (loopback refused)'}; ` +
        `${attempts} failed sign-ins, each with another forged address: ${counts(statuses)}` +
        (first429 > 0 ? `, limited from attempt ${first429}` : ', never limited'),
    };
  },
};

export const hashingFairness: Attack = {
  name: 'hashing fairness',
  async run(ctx) {
    const size = ctx.short ? { seconds: 6, addresses: 60 } : { seconds: 15, addresses: 250 };
    const [flooded, ...others] = await ctx.students(6, 'fair');
    const floodFrom = Array.from({ length: size.addresses }, () => ctx.address());
    const othersFrom = ctx.address();
    let done = false;
    let floodCount = 0;
    // A real flood comes from other machines; this one's client shares the server's two cores, and
    // at normal priority it would outrank the server's low-priority hashing threads. It sends at
    // the hashing threads' priority for the length of the flood.
    const restorePriority = lowerOwnPriority(10);
    // 32 wrong passwords in flight at all times for one account, from many addresses.
    const flood = Promise.all(
      Array.from({ length: 32 }, async (_, lane) => {
        while (!done) {
          await ctx.call('POST', '/api/auth/login/', {
            from: floodFrom[(lane + floodCount++) % floodFrom.length],
            body: { email: flooded.email, password: WRONG },
          });
        }
      }),
    );
    await sleep(500);
    const times: number[] = [];
    const failed: number[] = [];
    const until = Date.now() + size.seconds * 1000;
    let i = 0;
    while (Date.now() < until) {
      const s = others[i++ % others.length];
      const r = await ctx.call('POST', '/api/auth/login/', {
        from: othersFrom,
        body: { email: s.email, password: PASSWORD },
      });
      times.push(r.ms);
      if (r.status !== 200) failed.push(r.status);
      await sleep(200);
    }
    done = true;
    await flood;
    restorePriority();
    const median = percentile(times, 50);
    return {
      name: 'hashing fairness',
      held: times.length > 0 && median < 200 && failed.length === 0,
      figures:
        `others' sign-in median ${ms(median)}, p90 ${ms(percentile(times, 90))} over ${times.length}` +
        `${failed.length ? ` (${failed.length} refused)` : ''}, while one account took ${floodCount} attempts 32 at a time from ${size.addresses} addresses`,
    };
  },
};

export const otherLimits: Attack = {
  name: 'other procedures limited',
  together: true,
  async run(ctx) {
    const [changer, deleter, resender] = await ctx.students(3, 'limits');
    const hashing = ctx.short ? 150 : 300;
    // The same count in the short form: cheap requests, and a limit sized for a school can be high.
    const cheap = 4000;
    const rows: string[] = [];
    let allHeld = true;
    const hammer = async (
      label: string,
      max: number,
      width: number,
      send: (from: string) => Promise<number>,
    ) => {
      const from = ctx.address();
      let first429 = -1;
      await pool(max, width, async (i) => {
        if (first429 >= 0) return;
        const status = await send(from);
        if (status === 429 && first429 < 0) first429 = i + 1;
      });
      if (first429 < 0) allHeld = false;
      rows.push(`${label} ${first429 > 0 ? `429 at ${first429}` : `no 429 in ${max}`}`);
      return from;
    };
    const changerToken = (await ctx.signIn(changer, ctx.address())).access;
    await hammer(
      'change-password',
      hashing,
      4,
      async (from) =>
        (
          await ctx.call('POST', '/api/auth/password/change/', {
            from,
            token: changerToken,
            body: {
              old_password: WRONG,
              new_password1: 'Plantain-Harbour-88',
              new_password2: 'Plantain-Harbour-88',
            },
          })
        ).status,
    );
    const deleterToken = (await ctx.signIn(deleter, ctx.address())).access;
    await hammer(
      'delete-account',
      hashing,
      4,
      async (from) =>
        (await ctx.call('DELETE', '/api/profile/', { from, token: deleterToken, body: { password: WRONG } }))
          .status,
    );
    await hammer(
      'verify-email',
      cheap,
      16,
      async (from) =>
        (
          await ctx.call('POST', '/api/auth/registration/verify-email/', {
            from,
            body: { key: crypto.randomBytes(24).toString('base64url'), password: WRONG },
          })
        ).status,
    );
    await hammer(
      'resend-verification',
      cheap,
      16,
      async (from) =>
        (
          await ctx.call('POST', '/api/auth/registration/resend-email/', {
            from,
            body: { email: resender.email },
          })
        ).status,
    );
    const { refresh } = await ctx.signIn(resender, ctx.address());
    const refreshFrom = await hammer(
      'refresh',
      cheap,
      16,
      async (from) =>
        (
          await ctx.call('POST', '/api/token/refresh/', {
            from,
            // A well-formed token that is not valid: what a stolen, revoked or guessed one looks like.
            body: { refresh: refresh.slice(0, -4) + crypto.randomBytes(3).toString('base64url') },
          })
        ).status,
    );
    // Only invalid tokens count: a valid refresh from the flooded address still gets new tokens.
    const valid = await ctx.call('POST', '/api/token/refresh/', { from: refreshFrom, body: { refresh } });
    rows.push(`then a valid refresh ${valid.status}`);
    return {
      name: 'other procedures limited',
      held: allHeld && valid.status === 200,
      figures: rows.join(', '),
    };
  },
};

/** Lowers this thread's scheduling priority to `nice`; the function returned puts it back. */
function lowerOwnPriority(nice: number): () => void {
  const before = os.getPriority();
  try {
    os.setPriority(Math.max(before, nice));
  } catch {
    return () => {};
  }
  return () => {
    try {
      os.setPriority(before);
    } catch {
      // Raising it again needs privileges a CI runner may lack: the rest runs a little nicer.
    }
  };
}

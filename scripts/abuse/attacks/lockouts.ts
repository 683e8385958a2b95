// Account rules turned against their owners: a school's shared address is never locked out by
// junk or by its own size, and an account's owner gets back in past a stranger's lockout (from a
// browser that signed in before, and at once after a password reset).
import crypto from 'node:crypto';
import { ms, PASSWORD, type AbuseContext, type Account, type Attack } from '../context';
import type { Answer, RequestOptions } from '../http';
import { pool, sleep } from '../http';
import { resetLink } from './accounts';
import { counts } from './limits';

const WRONG = 'Not-The-Password-9';
const NEW_PASSWORD = 'Baobab-Morning-Rain-63';

/** A browser on one address: keeps the cookies it is given and sends them where their path says. */
class Browser {
  private readonly cookies = new Map<string, { pair: string; path: string }>();

  constructor(
    private readonly ctx: AbuseContext,
    public from: string,
  ) {}

  async post(path: string, body: unknown, opts: RequestOptions = {}): Promise<Answer> {
    const cookie = [...this.cookies.values()]
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => c.pair)
      .join('; ');
    const r = await this.ctx.call('POST', path, {
      ...opts,
      from: this.from,
      body,
      headers: cookie ? { cookie } : {},
    });
    for (const line of [r.headers['set-cookie'] ?? []].flat()) {
      const [pair, ...attributes] = line.split(';').map((p) => p.trim());
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      this.cookies.set(`${pair.slice(0, pair.indexOf('='))}|${path}`, { pair, path });
    }
    return r;
  }

  signIn(account: Account): Promise<Answer> {
    return this.post('/api/auth/login/', { email: account.email, password: account.password });
  }

  get cookieCount(): number {
    return this.cookies.size;
  }
}

export const schoolSignsUp: Attack = {
  name: 'school signs up from one address',
  together: true,
  async run(ctx) {
    const students = ctx.short ? 40 : 500;
    const school = ctx.address();
    const steps = { register: 0, verify: 0, signIn: 0 };
    const refused: string[] = [];
    const t0 = Date.now();
    await pool(students, 8, async () => {
      const email = ctx.newEmail('school');
      const reg = await ctx.register(email, PASSWORD, school);
      if (reg.status !== 201) return void refused.push(`register ${reg.status}`);
      steps.register++;
      // The link from the run's own SMTP server, opened from the school's address, with the
      // password typed on its page.
      const click = await ctx.verifyByMail(email, 1, PASSWORD, school);
      if (!click || click.status >= 400) return void refused.push(`verify ${click?.status ?? 'no mail'}`);
      steps.verify++;
      const login = await ctx.call('POST', '/api/auth/login/', {
        from: school,
        body: { email, password: PASSWORD },
      });
      if (login.status !== 200) return void refused.push(`sign-in ${login.status}`);
      steps.signIn++;
    });
    const seconds = (Date.now() - t0) / 1000;
    return {
      name: 'school signs up from one address',
      held: steps.signIn === students && seconds < 15 * 60,
      figures:
        `${students} students from one address in ${seconds.toFixed(0)} s: ${steps.register} registered, ` +
        `${steps.verify} verified through the mailed link, ${steps.signIn} signed in` +
        (refused.length ? ` (refused: ${refused.slice(0, 3).join(', ')})` : ''),
    };
  },
};

export const junkRefreshes: Attack = {
  name: 'junk refreshes from one address',
  together: true,
  async run(ctx) {
    const [student] = await ctx.students(1, 'refresher');
    const school = ctx.address();
    const { refresh } = await ctx.signIn(student, school);
    const statuses: Record<number, number> = {};
    const t0 = Date.now();
    // 3,000 junk tokens as fast as 32 lanes send them (a few seconds), from the school's address.
    await pool(3000, 32, async () => {
      const junk = refresh.slice(0, -6) + crypto.randomBytes(4).toString('base64url');
      const r = await ctx.call('POST', '/api/token/refresh/', { from: school, body: { refresh: junk } });
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    });
    const floodMs = Date.now() - t0;
    const valid = await ctx.call('POST', '/api/token/refresh/', { from: school, body: { refresh } });
    const renewed =
      valid.status === 200
        ? (await ctx.call('GET', '/api/profile/', { from: school, token: String(valid.json.access) })).status
        : 0;
    return {
      name: 'junk refreshes from one address',
      held: valid.status === 200 && renewed === 200 && (statuses[429] ?? 0) > 0,
      figures:
        `3000 junk refresh tokens in ${(floodMs / 1000).toFixed(1)} s (${counts(statuses)}); ` +
        `then a student's valid refresh from the same address: ${valid.status}, its new token ${renewed || '-'}`,
    };
  },
};

/** Wrong passwords at `email` from ever new addresses, 4 in flight, until `stop()`; first 429 time. */
function hammer(ctx: AbuseContext, email: string, stop: () => boolean) {
  const state = { attempts: 0, lockedAt: 0, statuses: {} as Record<number, number> };
  const done = Promise.all(
    Array.from({ length: 4 }, async () => {
      while (!stop()) {
        const r = await ctx.call('POST', '/api/auth/login/', {
          from: ctx.address(),
          body: { email, password: WRONG },
        });
        state.attempts++;
        state.statuses[r.status] = (state.statuses[r.status] ?? 0) + 1;
        if (r.status === 429 && !state.lockedAt) state.lockedAt = Date.now();
        if (r.status === 429) await sleep(100);
      }
    }),
  );
  return { state, done };
}

async function until(test: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!test() && Date.now() < end) await sleep(50);
  return test();
}

export const ownerBackIn: Attack = {
  name: 'owner back in after a lockout',
  together: true,
  async run(ctx) {
    // How long the attacker hammers after the lockout before the owner comes: the wait grows.
    const lockedFor = ctx.short ? 3000 : 20_000;
    const [owner] = await ctx.students(1, 'owner');
    const known = new Browser(ctx, ctx.address());
    const first = await known.signIn(owner);
    let stopped = false;
    const attack = hammer(ctx, owner.email, () => stopped);
    const rows: string[] = [];
    let held = first.status === 200 && known.cookieCount > 0;
    try {
      if (!(await until(() => attack.state.lockedAt > 0, 30_000)))
        throw new Error('the account never waited');
      await sleep(lockedFor);
      // A browser that never signed in to the account is held by the wait...
      const stranger = await new Browser(ctx, ctx.address()).signIn(owner);
      // ...and the owner's own browser, from another address than before, is not.
      known.from = ctx.address();
      const back = await known.signIn(owner);
      const sinceLockout = Date.now() - attack.state.lockedAt;
      held &&= stranger.status === 429 && back.status === 200 && sinceLockout < lockedFor + 10_000;
      rows.push(
        `known browser ${back.status} ${ms(sinceLockout - lockedFor)} after it came, ${(sinceLockout / 1000).toFixed(1)} s into the lockout ` +
          `(a new browser meanwhile: ${stranger.status} "${String(stranger.json.detail ?? '').slice(0, 60)}")`,
      );

      // A reset from a browser that never saw the account, while the attacker goes on.
      const phone = new Browser(ctx, ctx.address());
      const mailsBefore = ctx.server.mailsTo(owner.email).length;
      const asked = await phone.post('/api/auth/password/reset/', { email: owner.email });
      const mail = await ctx.server.waitForMail(owner.email, mailsBefore + 1);
      const link = mail ? resetLink(mail.text) : null;
      const confirmed = link
        ? await phone.post('/api/auth/password/reset/confirm/', {
            ...link,
            new_password1: NEW_PASSWORD,
            new_password2: NEW_PASSWORD,
          })
        : null;
      const confirmedAt = Date.now();
      const after = await phone.signIn({ email: owner.email, password: NEW_PASSWORD });
      const afterMs = Date.now() - confirmedAt;
      // For the figures: a browser that took no part in the reset, right after it.
      const other = await new Browser(ctx, ctx.address()).signIn({
        email: owner.email,
        password: NEW_PASSWORD,
      });
      held &&= asked.status === 200 && confirmed?.status === 200 && after.status === 200;
      rows.push(
        `reset from a new browser: request ${asked.status}, confirm ${confirmed?.status ?? 'no mail'}, ` +
          `its sign-in ${after.status} ${ms(afterMs)} after (another new browser just after: ${other.status})`,
      );
    } finally {
      stopped = true;
      await attack.done;
    }
    rows.push(
      `attacker: ${attack.state.attempts} wrong passwords from as many addresses (${counts(attack.state.statuses)})`,
    );
    return { name: 'owner back in after a lockout', held, figures: rows.join('; ') };
  },
};

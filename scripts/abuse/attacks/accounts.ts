// Accounts cannot be squatted or kept by a thief.
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import { linkIn, PASSWORD, type Attack } from '../context';
import { ADMIN_EMAIL } from '../server';

const SQUATTER_PASSWORD = 'Mango-Tree-River-31';
const VICTIM_PASSWORD = 'Kapok-Lantern-Sky-58';

export const squatting: Attack = {
  name: 'squatting',
  together: true,
  async run(ctx) {
    const victim = ctx.newEmail('victim');
    const squatterFrom = ctx.address();
    const victimFrom = ctx.address();
    const first = await ctx.register(victim, SQUATTER_PASSWORD, squatterFrom, 'Squatter Person');
    await ctx.server.waitForMail(victim, 1);
    const second = await ctx.register(victim, VICTIM_PASSWORD, victimFrom, 'Efua Victim');
    // The victim opens the link of the mail their own registration brought (the newest one).
    await ctx.server.waitForMail(victim, 2, 5000);
    const nth = ctx.server.mailsTo(victim).length;
    const click = await ctx.verifyByMail(victim, nth, VICTIM_PASSWORD, victimFrom);
    const asSquatter = await ctx.call('POST', '/api/auth/login/', {
      from: squatterFrom,
      body: { email: victim, password: SQUATTER_PASSWORD },
    });
    const asVictim = await ctx.call('POST', '/api/auth/login/', {
      from: victimFrom,
      body: { email: victim, password: VICTIM_PASSWORD },
    });
    let name = '-';
    if (asVictim.status === 200) {
      const profile = await ctx.call('GET', '/api/profile/', {
        from: victimFrom,
        token: String(asVictim.json.access),
      });
      name = String(profile.json.full_name ?? '-');
    }
    return {
      name: 'squatting',
      held: asSquatter.status !== 200 && asVictim.status === 200 && name === 'Efua Victim',
      figures:
        `registrations ${first.status}/${second.status}, ${ctx.server.mailsTo(victim).length} mails, link ${click?.status ?? 'none'}; ` +
        `squatter's password ${asSquatter.status}, victim's ${asVictim.status}, profile name "${name}"`,
    };
  },
};

export function resetLink(text: string): { uid: string; token: string } | null {
  const link = linkIn(text);
  const parts = link ? new URL(link).pathname.split('/').filter(Boolean) : [];
  return parts.length >= 2 ? { uid: parts.at(-2) as string, token: parts.at(-1) as string } : null;
}

export const resetLinks: Attack = {
  name: 'reset links',
  together: true,
  async run(ctx) {
    const [a, b, c] = await ctx.students(3, 'reset');
    const from = ctx.address();
    const ask = async (email: string, nth: number) => {
      await ctx.call('POST', '/api/auth/password/reset/', { from, body: { email } });
      const mail = await ctx.server.waitForMail(email, nth);
      return mail && /reset/i.test(mail.subject) ? resetLink(mail.text) : null;
    };
    const confirm = async (link: { uid: string; token: string } | null, password: string) => {
      if (!link) return 0;
      const r = await ctx.call('POST', '/api/auth/password/reset/confirm/', {
        from,
        body: { ...link, new_password1: password, new_password2: password },
      });
      if (process.env.ABUSE_DEBUG) ctx.log(`    confirm ${r.status} ${r.text.slice(0, 200)}`);
      return r.status;
    };
    // The first mail to each is its verification; reset mails come after.
    const a1 = await ask(a.email, 2);
    const a2 = await ask(a.email, 3);
    const afterNewRequest = await confirm(a1, 'Baobab-Dusk-Owl-11');
    const newest = await confirm(a2, 'Baobab-Dusk-Owl-22');
    const b1 = await ask(b.email, 2);
    await ctx.signIn(b, from);
    const afterSignIn = await confirm(b1, 'Baobab-Dusk-Owl-33');
    const c1 = await ask(c.email, 2);
    const { access } = await ctx.signIn(c, from);
    const change = await ctx.call('POST', '/api/auth/password/change/', {
      from,
      token: access,
      body: {
        old_password: PASSWORD,
        new_password1: 'Cassava-Field-Noon-44',
        new_password2: 'Cassava-Field-Noon-44',
      },
    });
    const afterChange = await confirm(c1, 'Baobab-Dusk-Owl-55');
    const refused = (s: number) => s >= 400 && s < 500;
    return {
      name: 'reset links',
      held: refused(afterNewRequest) && refused(afterSignIn) && refused(afterChange) && newest === 200,
      figures:
        `old link after a new request ${afterNewRequest || 'no mail'}, after a sign-in ${afterSignIn || 'no mail'}, ` +
        `after a password change (${change.status}) ${afterChange || 'no mail'}; newest link ${newest || 'no mail'}`,
    };
  },
};

export const tokenWithoutExp: Attack = {
  name: 'token without exp',
  together: true,
  async run(ctx) {
    const [student] = await ctx.students(1, 'noexp');
    const from = ctx.address();
    const { access } = await ctx.signIn(student, from);
    // The server's own secret (as a thief with a copy of it would have), the real token's claims.
    const secret = fs.readFileSync(path.join(ctx.server.dataDir, 'jwt-secret'), 'utf8').trim();
    const { exp: _exp, ...claims } = decodeJwt(access);
    const forever = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(secret));
    const real = await ctx.call('GET', '/api/profile/', { from, token: access });
    const forged = await ctx.call('GET', '/api/profile/', { from, token: forever });
    return {
      name: 'token without exp',
      held: real.status === 200 && (forged.status === 401 || forged.status === 403),
      figures: `real token ${real.status}, same claims without exp ${forged.status}`,
    };
  },
};

export const lastAdmin: Attack = {
  name: 'last admin',
  async run(ctx) {
    const from = ctx.address();
    const token = await ctx.admin();
    const admins = await ctx.query<{ n: number }>(
      `select count(*) as n from users where is_staff = 1 or is_superuser = 1`,
    );
    const del = await ctx.call('DELETE', '/api/profile/', {
      from,
      token,
      body: { password: ctx.server.adminPassword },
    });
    const again = await ctx.call('POST', '/api/auth/login/', {
      from,
      body: { email: ADMIN_EMAIL, password: ctx.server.adminPassword },
    });
    return {
      name: 'last admin',
      held: del.status >= 400 && del.status < 500 && again.status === 200,
      figures: `${admins[0]?.n ?? '?'} admin(s); the sole admin deleting their account: ${del.status}; their sign-in after: ${again.status}`,
    };
  },
};

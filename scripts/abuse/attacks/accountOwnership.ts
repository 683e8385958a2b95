// Nobody gets an account by registering someone else's address, in any order of squatter and
// owner; and a change of role ends the sessions signed in before it.
import type { AbuseContext, Attack, AttackResult } from '../context';

const SQUATTER_PASSWORD = 'Mango-Tree-River-31';
const OWNER_PASSWORD = 'Kapok-Lantern-Sky-58';
const OWNER_NAME = 'Efua Owner';

interface Order {
  label: string;
  /** Registers (and resends) as the order says; returns which mail the owner opens. */
  play(ctx: AbuseContext, address: string, from: Sources): Promise<number>;
}

type Sources = { squatter: string; owner: string };
const squat = (ctx: AbuseContext, address: string, from: Sources) =>
  ctx.register(address, SQUATTER_PASSWORD, from.squatter, 'Squatter Person');
const own = (ctx: AbuseContext, address: string, from: Sources) =>
  ctx.register(address, OWNER_PASSWORD, from.owner, OWNER_NAME);

/** One registration, then the other (each mail awaited); the owner opens mail `opened`. */
const oneThenOther =
  (first: typeof squat, second: typeof squat, opened: number): Order['play'] =>
  async (ctx, address, from) => {
    await first(ctx, address, from);
    await ctx.server.waitForMail(address, 1);
    await second(ctx, address, from);
    await ctx.server.waitForMail(address, 2);
    return opened;
  };

const ORDERS: Order[] = [
  { label: 'squatter first (owner opens the older mail)', play: oneThenOther(squat, own, 1) },
  {
    label: 'owner first, squatter before the click (owner opens the newest)',
    play: oneThenOther(own, squat, 2),
  },
  {
    label: "three squatter registrations, then the owner's registration and resend",
    async play(ctx, address, from) {
      for (let i = 0; i < 3; i++) await squat(ctx, address, from);
      await ctx.server.waitForMail(address, 3);
      await own(ctx, address, from);
      await ctx.call('POST', '/api/auth/registration/resend-email/', {
        from: from.owner,
        body: { email: address },
      });
      // Past the hourly cap the owner's own mail may wait up to 15 minutes; every mail already in
      // the inbox works meanwhile, whoever caused it. The owner opens the newest one there.
      await new Promise((r) => setTimeout(r, 1000));
      return ctx.server.mailsTo(address).length;
    },
  },
];

export const squattingOrders: Attack = {
  name: 'squatting in every order',
  together: true,
  async run(ctx) {
    // The orders use addresses and sources of their own: they run side by side, each mostly
    // waiting for its mail.
    return Promise.all(
      ORDERS.map(async (order): Promise<AttackResult> => {
        const address = ctx.newEmail('owner');
        const from = { squatter: ctx.address(), owner: ctx.address() };
        const opened = await order.play(ctx, address, from);
        // The key alone (what a squatter could at best replay) verifies nothing.
        const mail = ctx.server.mailsTo(address)[opened - 1];
        const key = mail && /\/verify-email\/([^/\s]+)/.exec(mail.text)?.[1];
        const keyOnly = await ctx.call('POST', '/api/auth/registration/verify-email/', {
          from: from.squatter,
          body: { key: key ?? 'none' },
        });
        const verify = await ctx.verifyByMail(address, opened, OWNER_PASSWORD, from.owner);
        const login = (password: string, source: string) =>
          ctx.call('POST', '/api/auth/login/', { from: source, body: { email: address, password } });
        const asSquatter = await login(SQUATTER_PASSWORD, from.squatter);
        const asOwner = await login(OWNER_PASSWORD, from.owner);
        let name = '-';
        if (asOwner.status === 200) {
          const profile = await ctx.call('GET', '/api/profile/', {
            from: from.owner,
            token: String(asOwner.json.access),
          });
          name = String(profile.json.full_name ?? '-');
        }
        return {
          name: `squatting: ${order.label}`,
          held:
            keyOnly.status === 400 &&
            asSquatter.status === 400 &&
            asOwner.status === 200 &&
            name === OWNER_NAME,
          figures:
            `${ctx.server.mailsTo(address).length} mails, owner opened mail ${opened}: key alone ${keyOnly.status}, ` +
            `key with the owner's password ${verify?.status ?? 'no mail'}; squatter's password ${asSquatter.status}, ` +
            `owner's ${asOwner.status}, name "${name}"`,
        };
      }),
    );
  },
};

export const sessionsEnd: Attack = {
  name: 'sessions end on a change of role',
  together: true,
  async run(ctx) {
    const [student] = await ctx.students(1, 'promoted');
    const from = ctx.address();
    const devices = [await ctx.signIn(student, from), await ctx.signIn(student, from)];
    const admin = await ctx.admin();
    const trpc = (path: string, token: string, input: unknown) =>
      ctx.call('POST', `/trpc/${path}`, { from, token, body: input });
    const profileAs = async (token: string) => await ctx.call('GET', '/api/profile/', { from, token });
    const id = Number((await profileAs(devices[0].access)).json.id);
    const statusesAfter = async () => {
      const access = await Promise.all(devices.map(async (d) => (await profileAs(d.access)).status));
      const refresh = await Promise.all(
        devices.map(
          async (d) =>
            (await ctx.call('POST', '/api/token/refresh/', { from, body: { refresh: d.refresh } })).status,
        ),
      );
      return { access, refresh };
    };
    const promote = await trpc('admin.setUserRole', admin, { id, admin: true });
    const afterPromotion = await statusesAfter();
    const asAdmin = await ctx.signIn(student, from);
    devices.splice(0, devices.length, asAdmin);
    const demote = await trpc('admin.setUserRole', admin, { id, admin: false });
    const afterDemotion = await statusesAfter();
    const adminList = await ctx.call('GET', '/api/admin/users/', { from, token: asAdmin.access });
    const all = [
      ...afterPromotion.access,
      ...afterPromotion.refresh,
      ...afterDemotion.access,
      ...afterDemotion.refresh,
    ];
    return {
      name: 'sessions end on a change of role',
      held:
        promote.status === 200 &&
        demote.status === 200 &&
        all.every((s) => s === 401) &&
        adminList.status === 401,
      figures:
        `promotion ${promote.status}: two devices' access ${afterPromotion.access.join('/')}, refresh ${afterPromotion.refresh.join('/')}; ` +
        `demotion ${demote.status}: the admin token's access ${afterDemotion.access.join('/')}, refresh ${afterDemotion.refresh.join('/')}, admin list ${adminList.status}`,
    };
  },
};

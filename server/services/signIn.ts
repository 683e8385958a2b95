// Sign-in under attack, around accounts.login:
// - Wrong passwords for one account, from any address, make that account wait: none for the
//   first 4, then 2 s after the 5th, doubling with each further failure up to 15 minutes. While it
//   waits, attempts are refused (429) without checking the password, the owner's as well.
// - An address is limited on its failures only (100 in 15 minutes): past that, its failed
//   attempts answer 429 (a made-up e-mail's leaving no state), and its correct ones still get
//   in, so a flood from the school's shared address cannot lock out the class behind it.
// - An address may cause at most 1,000 password checks (hashes) a minute, right or wrong; an
//   unknown e-mail costs no hash, so a flood of made-up addresses does not use this up.
// - Attempts at one account run one at a time, so one account's attacker holds at most one of the
//   hashing slots that everyone's sign-in shares.
// - A browser that signed in to the account before carries its device cookie (deviceCookies.ts):
//   its attempts count on that device's own budget (10 failures in 15 minutes), not on the
//   account's or the address's, and the account's wait does not hold them. Past its budget the
//   cookie is ignored. A completed password reset ends the account's wait and trusts its browser.
import { TRPCError } from '@trpc/server';
import pLimit, { type LimitFunction } from 'p-limit';
import type { z } from 'zod';
import type { loginInput } from '../../shared/schemas/auth';
import type { Context } from '../context';
import { fieldErrorsOf } from '../errors';
import { findUserById } from '../queries/users';
import { BAD_CREDENTIALS, login } from './accounts';
import { userIdFromUidb64 } from './accountMail';
import { FIRST_ACCOUNT_WAIT_SECONDS } from './rateLimits';

const FREE_FAILURES = 4;
const LONGEST_WAIT_SECONDS = 15 * 60;

export const TOO_MANY_SIGN_INS =
  'Too many sign-in attempts from your network. Please wait a few minutes and try again.';

function accountWaitMessage(seconds: number): string {
  const wait = seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many wrong passwords for this account. Try again in ${wait}, or reset your password.`;
}

const tooMany = (message: string) => new TRPCError({ code: 'TOO_MANY_REQUESTS', message });

/** The wait after the n-th failure in a row (n counts from 1). */
export function waitAfterFailures(failures: number, firstWait = FIRST_ACCOUNT_WAIT_SECONDS): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(LONGEST_WAIT_SECONDS, firstWait * 2 ** (failures - FREE_FAILURES - 1));
}

/** One queue per account e-mail, dropped when it empties. */
const queues = new Map<string, LimitFunction>();
function inTurn<T>(account: string, run: () => Promise<T>): Promise<T> {
  let queue = queues.get(account);
  if (!queue) queues.set(account, (queue = pLimit(1)));
  const own = queue;
  return own(run).finally(() => {
    if (own.activeCount === 0 && own.pendingCount === 0 && queues.get(account) === own)
      queues.delete(account);
  });
}

function isBadCredentials(err: unknown): boolean {
  return err instanceof TRPCError && fieldErrorsOf(err.cause)?.non_field_errors?.[0] === BAD_CREDENTIALS;
}

/** The device id of a valid device cookie for the account that has failures left, else null. */
async function trustedDevice(ctx: Context, email: string): Promise<string | null> {
  const device = ctx.devices.deviceOf(ctx.cookies, email);
  if (!device || (await ctx.limits.exhausted('loginFailuresPerDevice', `device:${device}`))) return null;
  return device;
}

export async function signIn(ctx: Context, input: z.output<typeof loginInput>) {
  const email = input.email.toLowerCase();
  const account = `account:${email}`;
  const device = await trustedDevice(ctx, email);
  const untilFree = async () => {
    const waiting = device ? 0 : await ctx.limits.secondsToWait(account);
    if (waiting > 0) throw tooMany(accountWaitMessage(waiting));
  };
  await untilFree();

  return inTurn(account, async () => {
    // Another attempt may have made the account wait while this one queued.
    await untilFree();
    let checkedPassword = false;
    try {
      const session = await login(ctx, input, async () => {
        checkedPassword = true;
        if (!device && !(await ctx.limits.take('passwordChecksPerAddress', ctx.ip)))
          throw tooMany(TOO_MANY_SIGN_INS);
      });
      // A known device clears its own count; the account's stays, or the owner signing in
      // would hand a stranger four more free guesses.
      await ctx.limits.reset(
        device ? 'loginFailuresPerDevice' : 'loginFailuresPerAccount',
        device ? `device:${device}` : account,
      );
      ctx.devices.trust(ctx.cookies, email);
      return session;
    } catch (err) {
      if (!isBadCredentials(err)) throw err;
      if (device) {
        await ctx.limits.take('loginFailuresPerDevice', `device:${device}`);
        throw err;
      }
      // From a flooded address, a made-up e-mail leaves no state (memory stays bounded), but a
      // real account's failures still count, so its attacker soon waits instead of hashing. Both
      // answer the same 429 there, which tells nothing about which addresses are registered.
      const addressOk = await ctx.limits.take('loginFailuresPerAddress', ctx.ip);
      if (addressOk || checkedPassword) {
        const failures = (await ctx.limits.count('loginFailuresPerAccount', account)) ?? Infinity;
        const wait = waitAfterFailures(failures, ctx.limits.firstAccountWaitSeconds);
        if (wait > 0) await ctx.limits.wait(account, wait);
      }
      if (!addressOk) throw tooMany(TOO_MANY_SIGN_INS);
      throw err;
    }
  });
}

/** After a completed reset of the account behind `uid`: its wait ends and this browser is trusted. */
export async function afterPasswordReset(ctx: Context, uid: string): Promise<void> {
  const userId = userIdFromUidb64(uid);
  const user = userId === null ? undefined : await findUserById(ctx.db, userId);
  if (!user) return;
  const email = user.email.toLowerCase();
  await ctx.limits.endWait(`account:${email}`);
  await ctx.limits.reset('loginFailuresPerAccount', `account:${email}`);
  ctx.devices.trust(ctx.cookies, email);
}

// Argon2id at OWASP's parameters and Django's four password rules, returning the
// first failing rule's message.
import os from 'node:os';
import { TRPCError } from '@trpc/server';
import dumbPasswords from 'dumb-passwords';
import { ErrorDetails } from '../errors';
import { DEFAULT_HASHER, PasswordChecksBusy, PasswordHasher, type HasherOptions } from './passwordHasher';

/** Argon2id's memory in KiB and number of passes. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

/** OWASP's parameters: what the server and the scripts hash with (tests may choose a cheaper one). */
export const OWASP_PASSWORD_COST: PasswordCost = { memoryCost: 19456, timeCost: 2 };

/**
 * Every hash and check of the process goes through one hasher: its low-priority threads leave the
 * cores to the event loop that saves exam answers, and its queue tells sign-ins when it is full.
 */
let hasher = new PasswordHasher(DEFAULT_HASHER);

/** Replaces the process's hasher (start-up sizes it to the machine; tests shrink its queue). */
export function configurePasswordHashing(options: Partial<HasherOptions>): PasswordHasher {
  const wanted = { ...DEFAULT_HASHER, ...options };
  const current = hasher.options;
  if (Object.entries(wanted).some(([key, value]) => current[key as keyof HasherOptions] !== value)) {
    hasher.close();
    hasher = new PasswordHasher(wanted);
  }
  return hasher;
}

/** As many hashing threads over all worker processes as the machine has cores. */
export function sizePasswordHashing(workers: number): PasswordHasher {
  return configurePasswordHashing({ threads: Math.max(1, Math.floor(os.availableParallelism() / workers)) });
}

export function passwordHasher(): PasswordHasher {
  return hasher;
}

export function hashPassword(password: string, cost = OWASP_PASSWORD_COST): Promise<string> {
  // A check reads the cost from the stored hash, so verifyPassword needs none.
  return hasher.hash(password, cost);
}

/** How long the latest password check took, queueing included (a wrong e-mail waits as long). */
let recentCheckMs = 20;

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const started = performance.now();
  try {
    return await hasher.verify(stored, password);
  } catch {
    return false;
  } finally {
    recentCheckMs = performance.now() - started;
  }
}

export function busyMessage(seconds: number): string {
  return `Many students are signing in right now. Please try again in ${seconds} seconds.`;
}

/**
 * Before a sign-in's password check: when the checks already queued would keep it waiting too
 * long, a 429 saying how long to wait (retry_after, which the HTTP layer sends as Retry-After).
 * Asked for a made-up e-mail too, so the answer does not tell which addresses are registered.
 */
export function refuseWhenPasswordChecksBusy(): void {
  try {
    hasher.admit();
  } catch (err) {
    if (!(err instanceof PasswordChecksBusy)) throw err;
    const message = busyMessage(err.retryAfterSeconds);
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message,
      cause: new ErrorDetails(message, { retry_after: err.retryAfterSeconds }),
    });
  }
}

/**
 * When the account does not exist: wait as long as a real check took, so the answer's timing does
 * not tell whether the address is registered, without spending a hash (and a slot) on it.
 */
export async function burnPasswordCheck(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, recentCheckMs));
}

interface PersonalAttributes {
  email?: string;
  full_name?: string;
}

function tooSimilar(password: string, value: string): boolean {
  const p = password.toLowerCase();
  const parts = [value.toLowerCase(), ...value.toLowerCase().split(/[^a-z0-9]+/)].filter(
    (s) => s.length >= 4,
  );
  return parts.some((part) => p.includes(part) || (p.length >= 4 && part.includes(p)));
}

/** The first rule the password breaks, in Django's words, or null when it passes. */
export function passwordProblem(password: string, user: PersonalAttributes): string | null {
  if (password.length < 8) return 'This password is too short. It must contain at least 8 characters.';
  if (user.email && tooSimilar(password, user.email.split('@')[0])) {
    return 'The password is too similar to the email address.';
  }
  if (user.full_name && tooSimilar(password, user.full_name)) {
    return 'The password is too similar to the full name.';
  }
  if (dumbPasswords.check(password)) return 'This password is too common.';
  if (/^\d+$/.test(password)) return 'This password is entirely numeric.';
  return null;
}

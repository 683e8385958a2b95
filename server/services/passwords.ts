// Argon2id at OWASP's parameters and Django's four password rules, returning the
// first failing rule's message.
import { hash, verify } from '@node-rs/argon2';
import dumbPasswords from 'dumb-passwords';
import pLimit from 'p-limit';

/** Argon2id's memory in KiB and number of passes. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

/** OWASP's parameters: what the server and the scripts hash with (tests may choose a cheaper one). */
export const OWASP_PASSWORD_COST: PasswordCost = { memoryCost: 19456, timeCost: 2 };

/**
 * At most two hashes at once. Each takes a libuv pool thread (4 in all) and 19 MiB; a wave of
 * sign-ins at 9:00 would otherwise take every thread and core that token checks, gzip and the
 * saving of exam answers need (docs/performance.md), while sign-in itself stays bound by the hash.
 */
const hashSlots = pLimit(2);

export function hashPassword(password: string, cost = OWASP_PASSWORD_COST): Promise<string> {
  // algorithm 2 is Argon2id (a const enum, which isolatedModules cannot import). A check reads
  // the cost from the stored hash, so verifyPassword needs none.
  return hashSlots(() => hash(password, { algorithm: 2, parallelism: 1, ...cost }));
}

/** How long the latest password check took, queueing included (a wrong e-mail waits as long). */
let recentCheckMs = 20;

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const started = performance.now();
  try {
    return await hashSlots(() => verify(stored, password));
  } catch {
    return false;
  } finally {
    recentCheckMs = performance.now() - started;
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

// The signed-out pages' calls, through the REST shim with plain fetch: the landing, sign-in and
// registration pages load without the tRPC client and React Query (the 110 KB budget).
// A refused call throws the shape tRPC errors have ({ message, data: { httpStatus, fieldErrors } })
// so lib/serverMessages reads both alike.
import type { Profile, RegisterPayload } from './session';
import { tokens } from './storage';

export class RestError extends Error {
  constructor(
    message: string,
    readonly data: { httpStatus: number; fieldErrors: Record<string, string[]> },
  ) {
    super(message);
  }
}

export async function request<T>(method: string, path: string, body?: unknown, access?: string): Promise<T> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (access) headers.authorization = `Bearer ${access}`;
  const res = await fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok) return answer as T;
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(answer)) if (Array.isArray(value)) fieldErrors[key] = value;
  const detail = typeof answer.detail === 'string' ? answer.detail : `Request failed (${res.status})`;
  throw new RestError(detail, { httpStatus: res.status, fieldErrors });
}

/** Stores both tokens of a new session (as the tRPC session does) and returns the user's profile. */
export async function startWith(pair: { access: string; refresh: string }): Promise<Profile> {
  tokens.set(pair.access, pair.refresh);
  return request<Profile>('GET', '/profile/', undefined, pair.access);
}

/** Signs in and returns the user's profile. */
export async function signIn(email: string, password: string, remember: boolean): Promise<Profile> {
  return startWith(
    await request<{ access: string; refresh: string }>('POST', '/auth/login/', { email, password, remember }),
  );
}

export const registerAccount = (payload: RegisterPayload) =>
  request<{ detail: string }>('POST', '/auth/registration/', payload);

export const resendVerification = (input: { email: string }) =>
  request<{ detail: string }>('POST', '/auth/registration/resend-email/', input);

export const verifyEmail = (input: { key: string; password: string }) =>
  request<{ detail: string }>('POST', '/auth/registration/verify-email/', input);

export const requestPasswordReset = (input: { email: string }) =>
  request<{ detail: string }>('POST', '/auth/password/reset/', input);

export const confirmPasswordReset = (input: {
  uid: string;
  token: string;
  new_password1: string;
  new_password2: string;
}) => request<{ detail: string }>('POST', '/auth/password/reset/confirm/', input);

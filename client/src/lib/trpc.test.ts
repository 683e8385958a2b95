// The client's answer to a 401 that comes back after its tokens changed: no refresh, and no trip to
// /login when the student signed out meanwhile (the 401 is the sign-out's own).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTrpcClient } from './trpc';
import { tokens } from './storage';

const assign = vi.fn();
let refreshes = 0;
/** The Authorization header of each profile.get sent, in order. */
let sentWith: Array<string | null> = [];
let answerProfile: (auth: string | null) => Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unauthorized = () =>
  json(401, [
    { error: { message: 'Sign in again.', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } } },
  ]);

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  vi.stubGlobal('window', { location: { pathname: '/dashboard', assign } });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url.startsWith('/trpc/auth.refresh')) {
      refreshes++;
      return json(200, { result: { data: { access: 'access-from-refresh', refresh: 'refresh-2' } } });
    }
    const auth = new Headers(init?.headers).get('authorization');
    sentWith.push(auth);
    return answerProfile(auth);
  });
  assign.mockClear();
  refreshes = 0;
  sentWith = [];
  tokens.set('access-1', 'refresh-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A profile.get whose first answer waits until `meanwhile` has run, then is a 401. */
async function profileWhile(meanwhile: () => void, thenAnswer: (auth: string | null) => Response) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  answerProfile = async (auth) => {
    if (sentWith.length > 1) return thenAnswer(auth);
    await held;
    return unauthorized();
  };
  const call: Promise<unknown> = createTrpcClient().profile.get.query();
  await vi.waitFor(() => expect(sentWith).toHaveLength(1));
  meanwhile();
  release();
  return call;
}

describe('a 401 for a call whose tokens changed on its way', () => {
  it('signed out meanwhile: the call fails, with no refresh and no trip to /login', async () => {
    await expect(
      profileWhile(
        () => tokens.clear(),
        () => json(200, []),
      ),
    ).rejects.toThrow('Sign in again.');
    expect(sentWith).toEqual(['Bearer access-1']);
    expect(refreshes).toBe(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('refreshed by another call meanwhile: retried with the new token, with no refresh of its own', async () => {
    const profile = { id: 1, full_name: 'Ama Mensah' };
    const answer = await profileWhile(
      () => tokens.set('access-2', 'refresh-2'),
      (auth) => (auth === 'Bearer access-2' ? json(200, [{ result: { data: profile } }]) : unauthorized()),
    );
    expect(answer).toEqual(profile);
    expect(sentWith).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(refreshes).toBe(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('unchanged: one refresh, then the call again with the refreshed token', async () => {
    const answer = await profileWhile(
      () => {},
      (auth) =>
        auth === 'Bearer access-from-refresh' ? json(200, [{ result: { data: 'ok' } }]) : unauthorized(),
    );
    expect(answer).toBe('ok');
    expect(sentWith).toEqual(['Bearer access-1', 'Bearer access-from-refresh']);
    expect(refreshes).toBe(1);
  });
});

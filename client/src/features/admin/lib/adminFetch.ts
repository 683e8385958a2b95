// fetch for the admin REST routes tRPC does not carry (multipart upload, file download): the
// bearer token, and one refresh-and-retry on a 401 like every tRPC call.
import { tokens } from '../../../lib/storage';
import { refreshTokens } from '../../../lib/trpc';

function withAuth(init: RequestInit): RequestInit {
  const headers = new Headers(init.headers);
  const access = tokens.access();
  if (access) headers.set('authorization', `Bearer ${access}`);
  return { ...init, headers };
}

export async function adminFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, withAuth(init));
  if (res.status !== 401) return res;
  if (!(await refreshTokens())) return res;
  return fetch(url, withAuth(init));
}

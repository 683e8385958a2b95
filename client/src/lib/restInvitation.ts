// The invitation page's calls, kept out of restAuth.ts: that module travels with every signed-out
// page, and only the page a mailed invitation opens needs these.
import type { Profile } from './session';
import { request, startWith } from './restAuth';

export interface InvitationDetails {
  full_name: string;
  email: string;
  school: string;
  programme: string;
  expires_at: string;
}

/** Whose invitation a mailed link is; refused with the reason when it no longer works. */
export const openInvitation = (token: string) =>
  request<InvitationDetails>('GET', `/auth/invitation/${encodeURIComponent(token)}/`);

/** Accepts an invitation with the chosen password: the new account is signed in. */
export async function acceptInvitation(input: {
  token: string;
  password1: string;
  password2: string;
}): Promise<Profile> {
  return startWith(
    await request<{ access: string; refresh: string }>('POST', '/auth/invitation/accept/', input),
  );
}

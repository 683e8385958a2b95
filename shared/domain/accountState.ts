// Where a user's account stands, as the Users tab shows it: deactivated wins over the rest.

export type AccountState = 'unverified' | 'verified' | 'deactivated';

export function accountStateOf(user: { is_active: number; email_verified_at: string | null }): AccountState {
  if (user.is_active !== 1) return 'deactivated';
  return user.email_verified_at ? 'verified' : 'unverified';
}

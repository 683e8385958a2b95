// The dashboard's tabs and how the URL selects one (SPEC 2): /admin/users -> Users,
// /admin/questions -> Upload Questions, /admin/settings -> Settings, /admin/account -> My Account,
// anything else -> Overview.
// Content Management, Quiz Results, Item Analysis and Class View have no path of their own, so
// /admin?tab=... names them, which keeps them reloadable and lets Back return to the previous tab.

export const TABS = [
  { id: 'overview', label: 'Overview', to: '/admin' },
  { id: 'users', label: 'Users', to: '/admin/users' },
  { id: 'content', label: 'Content Management', to: '/admin?tab=content' },
  { id: 'upload', label: 'Upload Questions', to: '/admin/questions' },
  { id: 'results', label: 'Quiz Results', to: '/admin?tab=results' },
  { id: 'items', label: 'Item Analysis', to: '/admin?tab=items' },
  { id: 'class', label: 'Class View', to: '/admin?tab=class' },
  { id: 'settings', label: 'Settings', to: '/admin/settings' },
  { id: 'account', label: 'My Account', to: '/admin/account' },
] as const;

export type TabId = (typeof TABS)[number]['id'];

const BY_PATH: Record<string, TabId> = {
  users: 'users',
  questions: 'upload',
  settings: 'settings',
  account: 'account',
};

const QUERY_TABS: readonly TabId[] = ['content', 'results', 'items', 'class'];

export function tabFor(pathname: string, search: string): TabId {
  const segment = pathname.replace(/^\/admin\/?/, '').replace(/\/$/, '');
  if (BY_PATH[segment]) return BY_PATH[segment];
  const named = new URLSearchParams(search).get('tab');
  return QUERY_TABS.find((id) => id === named) ?? 'overview';
}

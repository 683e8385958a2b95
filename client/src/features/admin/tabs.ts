// The dashboard's tabs and how the URL selects one: /admin/users -> Users, /admin/enrol -> Enrol students,
// /admin/questions -> Upload Questions, /admin/settings -> Settings, /admin/account -> My Account,
// /admin/question-bank (and /admin/question-bank/ID, one question) -> Question Bank, /admin/review
// (and /admin/review/new or /admin/review/ID) -> Review Questions, anything else -> Overview.
// Content Management, Quiz Results, Item Analysis, Class View, Class Mocks and Schools have no path of their
// own, so /admin?tab=... names them, which keeps them reloadable and lets Back return to the
// previous tab. School staff do not see the platform admin's tabs (PLATFORM_TABS).

export const TABS = [
  { id: 'overview', label: 'Overview', to: '/admin' },
  { id: 'users', label: 'Users', to: '/admin/users' },
  { id: 'enrol', label: 'Enrol students', to: '/admin/enrol' },
  { id: 'content', label: 'Content Management', to: '/admin?tab=content' },
  { id: 'upload', label: 'Upload Questions', to: '/admin/questions' },
  { id: 'bank', label: 'Question Bank', to: '/admin/question-bank' },
  { id: 'review', label: 'Review Questions', to: '/admin/review' },
  { id: 'results', label: 'Quiz Results', to: '/admin?tab=results' },
  { id: 'items', label: 'Item Analysis', to: '/admin?tab=items' },
  { id: 'class', label: 'Class View', to: '/admin?tab=class' },
  { id: 'schools', label: 'Schools', to: '/admin?tab=schools' },
  { id: 'class-mocks', label: 'Class Mocks', to: '/admin?tab=class-mocks' },
  { id: 'settings', label: 'Settings', to: '/admin/settings' },
  { id: 'account', label: 'My Account', to: '/admin/account' },
] as const;

export type TabId = (typeof TABS)[number]['id'];

const BY_PATH: Record<string, TabId> = {
  users: 'users',
  enrol: 'enrol',
  questions: 'upload',
  settings: 'settings',
  account: 'account',
  'question-bank': 'bank',
  review: 'review',
};

/** A question under review: /admin/review/new or /admin/review/ID. */
const REVIEW_ITEM = /^\/admin\/review\/(new|\d+)\/?$/;

const QUERY_TABS: readonly TabId[] = ['content', 'results', 'items', 'class', 'class-mocks', 'schools'];

/** What concerns every school: the platform admin's alone. */
export const PLATFORM_TABS: readonly TabId[] = ['schools', 'settings'];

/** The tabs a role sees. */
export function tabsFor(platform: boolean) {
  return TABS.filter((t) => platform || !PLATFORM_TABS.includes(t.id));
}

const BANK_QUESTION = /^\/admin\/question-bank\/(\d+)\/?$/;

/** The question a Question Bank path opens (/admin/question-bank/ID), or null for the list. */
export function bankQuestionIdOf(pathname: string): number | null {
  const match = BANK_QUESTION.exec(pathname);
  return match ? Number(match[1]) : null;
}

export function tabFor(pathname: string, search: string): TabId {
  const segment = pathname.replace(/^\/admin\/?/, '').replace(/\/$/, '');
  if (BY_PATH[segment]) return BY_PATH[segment];
  if (bankQuestionIdOf(pathname) !== null) return 'bank';
  if (REVIEW_ITEM.test(pathname)) return 'review';
  const named = new URLSearchParams(search).get('tab');
  return QUERY_TABS.find((id) => id === named) ?? 'overview';
}

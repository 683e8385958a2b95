// /profile and /settings: one page, two tabs; the address follows the tab.
import { useNavigate } from 'react-router-dom';
import { FOCUS_RING } from '../../components/Button';
import { ProfileTab } from './ProfileTab';
import { SettingsTab } from './SettingsTab';

type Tab = 'profile' | 'settings';
const TABS: { id: Tab; label: string; path: string }[] = [
  { id: 'profile', label: 'Profile', path: '/profile' },
  { id: 'settings', label: 'Settings', path: '/settings' },
];

export default function ProfilePage({ tab }: { tab: Tab }) {
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-4 text-2xl font-bold">My Account</h1>
      <div
        role="tablist"
        aria-label="Account sections"
        className="mb-6 flex gap-1 border-b border-slate-200 dark:border-slate-700"
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight' || e.key === 'ArrowLeft')
            navigate(tab === 'profile' ? '/settings' : '/profile');
        }}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => navigate(t.path)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${FOCUS_RING} ${tab === t.id ? 'border-brand-600 text-brand-700 dark:text-brand-500' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'profile' ? <ProfileTab /> : <SettingsTab />}
      </div>
    </div>
  );
}

// The admin's own navigation: Dashboard, Users, Questions, Question Bank, Settings (the platform
// admin's only), and My Account.
import { NavLink } from 'react-router-dom';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import Library from 'lucide-react/icons/library';
import Settings from 'lucide-react/icons/settings';
import Upload from 'lucide-react/icons/upload';
import UserCog from 'lucide-react/icons/user-cog';
import Users from 'lucide-react/icons/users';

const LINKS = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/users', label: 'Users', icon: Users, end: false },
  { to: '/admin/questions', label: 'Questions', icon: Upload, end: false },
  { to: '/admin/question-bank', label: 'Question Bank', icon: Library, end: false },
  { to: '/admin/settings', label: 'Settings', icon: Settings, end: false, platform: true },
  { to: '/admin/account', label: 'My Account', icon: UserCog, end: false },
];

export function AdminSidebar({ platform, onNavigate }: { platform: boolean; onNavigate: () => void }) {
  const links = LINKS.filter((link) => platform || !('platform' in link));
  return (
    <nav aria-label="Admin" className="flex flex-col gap-1 p-3">
      {links.map(({ to, label, icon: Icon, end }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          onClick={onNavigate}
          className={({ isActive }) =>
            `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
              isActive
                ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-500'
                : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
            }`
          }
        >
          <Icon className="h-4 w-4" aria-hidden="true" />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

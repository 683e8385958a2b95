// The admin frame: a top bar (menu button on small screens, product name, theme, sign-out) and
// a sidebar that is a drawer under 1024 px, as the student shell's is.
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import LogOut from 'lucide-react/icons/log-out';
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { useSession } from '../../../lib/session';
import { Brand } from '../../../components/Brand';
import { FOCUS_RING } from '../../../components/Button';
import { ThemeToggle } from '../../../components/ThemeToggle';
import { scopeLabel, useAdminScope } from '../hooks/useAdminScope';
import { AdminSidebar } from './AdminSidebar';

export function AdminShell({ children }: { children: ReactNode }) {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const scope = useAdminScope().data;

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-3 dark:border-slate-700 dark:bg-slate-900">
        <button
          type="button"
          className={`rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden dark:text-slate-300 dark:hover:bg-slate-800 ${FOCUS_RING}`}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X className="h-5 w-5" aria-hidden="true" />
          ) : (
            <Menu className="h-5 w-5" aria-hidden="true" />
          )}
        </button>
        <Brand />
        <span
          data-testid="admin-scope"
          className="hidden truncate rounded bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 sm:inline dark:bg-slate-800 dark:text-brand-500"
        >
          {scopeLabel(scope)}
        </span>
        <div className="ml-auto flex items-center gap-1">
          <span className="hidden text-sm text-slate-600 md:inline dark:text-slate-300">
            {user?.full_name}
          </span>
          <ThemeToggle />
          <button
            type="button"
            onClick={signOut}
            className={`flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 ${FOCUS_RING}`}
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Sign out
          </button>
        </div>
      </header>
      <div className="flex">
        {menuOpen && (
          <div
            className="fixed inset-0 top-14 z-10 bg-slate-900/40 lg:hidden"
            aria-hidden="true"
            onClick={() => setMenuOpen(false)}
          />
        )}
        <aside
          id="admin-sidebar"
          className={`fixed top-14 bottom-0 z-20 w-60 shrink-0 border-r border-slate-200 bg-white transition-transform lg:sticky lg:h-[calc(100vh-3.5rem)] lg:translate-x-0 dark:border-slate-700 dark:bg-slate-900 ${
            menuOpen ? 'translate-x-0' : 'max-lg:invisible -translate-x-full'
          }`}
        >
          <AdminSidebar platform={scope?.role === 'platform_admin'} onNavigate={() => setMenuOpen(false)} />
        </aside>
        <main className="min-w-0 flex-1 p-3 sm:p-6">{children}</main>
      </div>
    </div>
  );
}

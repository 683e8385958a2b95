// The student area's frame: top bar, sidebar (a drawer under 1024 px that closes by itself),
// the invite modal, and the page.
import { useEffect, useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import Menu from 'lucide-react/icons/menu';
import { Brand } from '../components/Brand';
import { FOCUS_RING } from '../components/Button';
import { InviteModal } from '../components/InviteModal';
import { ThemeToggle } from '../components/ThemeToggle';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { PendingAttempts } from '../features/offline/PendingAttempts';
import { useSession } from '../lib/session';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';

const WIDE = '(min-width: 1024px)';

export interface ShellContext {
  openInvite: () => void;
}

export function StudentShell() {
  const [sidebarOpen, setSidebarOpen] = useState(() => window.matchMedia(WIDE).matches);
  const [inviteOpen, setInviteOpen] = useState(false);
  const userId = useSession().user?.id ?? 0;

  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const onChange = () => setSidebarOpen(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const context: ShellContext = { openInvite: () => setInviteOpen(true) };

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-50 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-4 dark:border-slate-700 dark:bg-slate-800">
        <button
          type="button"
          aria-label={sidebarOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={sidebarOpen}
          aria-controls="student-sidebar"
          onClick={() => setSidebarOpen((o) => !o)}
          className={`rounded-lg p-2 lg:hidden ${FOCUS_RING}`}
        >
          <Menu aria-hidden="true" className="h-5 w-5" />
        </button>
        <Link to="/dashboard" className={`rounded ${FOCUS_RING}`}>
          <Brand />
        </Link>
        <div className="ml-auto flex items-center gap-1">
          <ThemeToggle />
          <NotificationBell />
          <UserMenu />
        </div>
      </header>
      <PendingAttempts userId={userId} />
      <div className="flex">
        <Sidebar
          open={sidebarOpen}
          onClose={() => setSidebarOpen(false)}
          // A tap on a link in the drawer should reveal the page it opened.
          onNavigate={() => !window.matchMedia(WIDE).matches && setSidebarOpen(false)}
          onInvite={() => setInviteOpen(true)}
        />
        <main id="main" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
          <Outlet context={context} />
        </main>
      </div>
      {inviteOpen && <InviteModal onClose={() => setInviteOpen(false)} />}
    </div>
  );
}

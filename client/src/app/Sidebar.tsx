// Side navigation with the invite card. Under 1024 px it is a drawer over the page.
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import Gift from 'lucide-react/icons/gift';
import X from 'lucide-react/icons/x';
import { Button, FOCUS_RING } from '../components/Button';
import { isActive, NAV_ITEMS } from './navigation';

interface SidebarProps {
  open: boolean;
  onClose: () => void;
  onNavigate: () => void;
  onInvite: () => void;
}

export function Sidebar({ open, onClose, onNavigate, onInvite }: SidebarProps) {
  const { pathname } = useLocation();

  // The drawer (under 1024 px) closes on Escape like the other popups.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !window.matchMedia('(min-width: 1024px)').matches) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <>
      {open && (
        <div aria-hidden="true" className="fixed inset-0 z-30 bg-black/40 lg:hidden" onClick={onClose} />
      )}
      <aside
        id="student-sidebar"
        className={`fixed inset-y-0 left-0 z-40 w-64 flex-col border-r border-slate-200 bg-white pt-16 dark:border-slate-700 dark:bg-slate-800 lg:sticky lg:top-0 lg:z-0 lg:h-[calc(100vh-4rem)] lg:pt-0 ${open ? 'flex' : 'hidden'}`}
      >
        <button
          type="button"
          onClick={onClose}
          aria-label="Close menu"
          className={`absolute top-4 right-3 rounded-lg p-2 lg:hidden ${FOCUS_RING}`}
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
        <nav aria-label="Main navigation" className="flex-1 space-y-1 overflow-y-auto p-3">
          {NAV_ITEMS.map(({ label, to, icon: Icon }) => {
            const active = isActive(to, pathname);
            return (
              <Link
                key={to}
                to={to}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${FOCUS_RING} ${
                  active
                    ? 'bg-brand-50 text-brand-700 dark:bg-slate-700 dark:text-brand-500'
                    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-700'
                }`}
              >
                <Icon aria-hidden="true" className="h-5 w-5" />
                {label}
              </Link>
            );
          })}
        </nav>
        <div className="m-3 rounded-xl bg-brand-50 p-4 dark:bg-slate-700">
          <Gift aria-hidden="true" className="h-6 w-6 text-brand-700 dark:text-brand-500" />
          <p className="mt-2 text-sm font-semibold">Invite a friend</p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            Study together and help a classmate pass.
          </p>
          <Button className="mt-3 w-full" onClick={onInvite}>
            Invite
          </Button>
        </div>
      </aside>
    </>
  );
}

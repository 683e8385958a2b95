// Avatar (or icon) with the full name; its dropdown holds Profile, Settings and Sign out.
import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import User from 'lucide-react/icons/user';
import { FOCUS_RING } from '../components/Button';
import { useDismiss } from '../hooks/useDismiss';
import { useSession } from '../lib/session';

const ITEM = `flex w-full items-center gap-2 px-4 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-700 ${FOCUS_RING}`;

export function UserMenu() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(box, open, close);
  if (!user) return null;

  return (
    <div ref={box} className="relative">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="menu"
        className={`flex items-center gap-2 rounded-lg p-1 pr-2 hover:bg-slate-100 dark:hover:bg-slate-700 ${FOCUS_RING}`}
      >
        {user.avatar ? (
          <img src={user.avatar} alt="" className="h-8 w-8 rounded-full object-cover" />
        ) : (
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-slate-700 dark:text-brand-500">
            <User aria-hidden="true" className="h-5 w-5" />
          </span>
        )}
        <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">{user.full_name}</span>
        <span className="sr-only sm:hidden">{user.full_name}, account menu</span>
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-40 mt-2 w-48 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-800"
        >
          <Link role="menuitem" to="/profile" onClick={close} className={ITEM}>
            <User aria-hidden="true" className="h-4 w-4" /> Profile
          </Link>
          <Link role="menuitem" to="/settings" onClick={close} className={ITEM}>
            <Settings aria-hidden="true" className="h-4 w-4" /> Settings
          </Link>
          <button
            role="menuitem"
            type="button"
            className={`${ITEM} text-red-700 dark:text-red-300`}
            onClick={async () => {
              close();
              await logout();
              navigate('/', { replace: true });
            }}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" /> Sign out
          </button>
        </div>
      )}
    </div>
  );
}

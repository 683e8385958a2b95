// Frame of every signed-out page: brand and theme switch on top, the footer below.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Brand } from '../../components/Brand';
import { buttonClass, FOCUS_RING } from '../../components/Button';
import { ThemeToggle } from '../../components/ThemeToggle';

export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
      <header className="flex items-center justify-between px-4 py-3">
        <Link to="/" className={`rounded ${FOCUS_RING}`} aria-label="NMC PREP RN home">
          <Brand />
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-6 sm:items-center">
        <div
          className={`w-full ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 dark:bg-slate-800 dark:ring-slate-700`}
        >
          {children}
        </div>
      </main>
      <Footer />
    </div>
  );
}

/** A signed-out form page: its heading and intro line, the form, and the line of links under it. */
export function AuthFormPage({
  title,
  intro,
  footer,
  wide,
  children,
}: {
  title: string;
  intro: ReactNode;
  footer: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <AuthLayout wide={wide}>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-300">{intro}</p>
      {children}
      <p className="mt-6 text-center text-sm">{footer}</p>
    </AuthLayout>
  );
}

/**
 * A signed-out page that says how things stand: an icon, a heading, the text, and the ways on,
 * the last of them the sign-in page (`toLogin` is its button's text).
 */
export function AuthNotice({
  icon,
  title,
  actions,
  toLogin,
  children,
}: {
  icon: ReactNode;
  title: string;
  actions?: ReactNode;
  toLogin: string;
  children: ReactNode;
}) {
  return (
    <AuthLayout>
      <div className="text-center">
        {icon}
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
        {children}
        <div className="mt-6 flex flex-col gap-3">
          {actions}
          <Link to="/login" className={buttonClass('primary')}>
            {toLogin}
          </Link>
        </div>
      </div>
    </AuthLayout>
  );
}

/**
 * The year is this year's. The signed-out pages are pre-rendered at build time, so a page built
 * last year shows the build's year until the app takes it over; that one text may then differ.
 */
export function Footer() {
  return (
    <footer
      className="px-4 py-6 text-center text-sm text-slate-500 dark:text-slate-400"
      suppressHydrationWarning
    >
      {`© ${new Date().getFullYear()} NMC PREP RN. All rights reserved.`}
    </footer>
  );
}

export const LINK_CLASS = `rounded font-medium text-brand-700 hover:underline dark:text-brand-500 ${FOCUS_RING}`;

// The light entry's choice: a browser with a stored session gets the full app (a lazy
// chunk with tRPC, React Query and the data router); a signed-out one gets the signed-out pages
// with a plain BrowserRouter, hydrated over their pre-rendered HTML. Signing in swaps to the full
// app with the new profile; signing out later stays inside the full app.
import { startTransition, Suspense, useMemo, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { lazyPage } from '../lib/lazyPage';
import type { Profile } from '../lib/session';
import { SignInHandoff, type Handoff } from '../lib/signInHandoff';
import { tokens } from '../lib/storage';
import { SignedOutPages } from './SignedOutPages';

const loadFullApp = () => import('./FullApp');
const FullApp = lazyPage(loadFullApp);

type Mode = { signedIn: false } | { signedIn: true; profile?: Profile };

/**
 * Pages a mailed link lands on show as they are in a browser with a stored session too: an
 * e-mail change has just signed every device out, and its page says so instead of the app
 * sending the browser to the sign-in page; an invitation is for a new account, whoever was
 * signed in on this browser before.
 */
const MAILED_LINK_PAGES = /^\/(email-verified|verify-email\/|invitation\/)/;

export function AppRoot() {
  const [mode, setMode] = useState<Mode>(() => ({
    signedIn: Boolean(tokens.access()) && !MAILED_LINK_PAGES.test(window.location.pathname),
  }));
  const handoff = useMemo<Handoff>(
    () => ({
      prepare: () => void loadFullApp().catch(() => {}),
      // A transition: the sign-in page stays up ("Signing in...") until the full app has loaded.
      signedIn: (profile) => startTransition(() => setMode({ signedIn: true, profile })),
    }),
    [],
  );
  // The same outer Suspense as client/prerender/renderPages.tsx renders, so hydration matches.
  return (
    <Suspense fallback={<LoadingScreen />}>
      {mode.signedIn ? (
        <FullApp initialProfile={mode.profile} />
      ) : (
        <BrowserRouter>
          <SignInHandoff.Provider value={handoff}>
            <SignedOutPages />
          </SignInHandoff.Provider>
        </BrowserRouter>
      )}
    </Suspense>
  );
}

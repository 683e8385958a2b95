// React.lazy for route pages, with a way out when the page's chunk cannot be loaded. After a new
// release the old hashed chunks are gone: reloading fetches the new index.html and all is well.
// Offline, a reload would only swap the app for the browser's error page, so the error goes to
// the page error boundary instead, which offers Try again. At most one reload a minute, so a
// broken server cannot cause a reload loop.
import { lazy, type ComponentType } from 'react';

const RELOADED_AT_KEY = 'reloaded-for-missing-chunk-at';
const MIN_RELOAD_INTERVAL_MS = 60_000;

function reloadOnce(): boolean {
  if (!navigator.onLine) return false;
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (Date.now() - last < MIN_RELOAD_INTERVAL_MS) return false;
  sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().catch((err: unknown) => {
      // Keep the loading screen up while the browser reloads.
      if (reloadOnce()) return new Promise<never>(() => {});
      throw err;
    }),
  );
}

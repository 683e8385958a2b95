// Registers the service worker (client/pwa.ts) and, once a new version is installed and waiting,
// offers to reload into it. A quiz in progress is not interrupted: the student chooses when.
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../components/Button';

/** How often an open app asks the server for a new version. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), CHECK_EVERY_MS);
    },
  });
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 p-3">
      {needRefresh && (
        <div className="pointer-events-auto mx-auto flex max-w-md items-center justify-between gap-3 rounded-lg border border-teal-700 bg-white p-3 text-sm text-slate-800 shadow-lg dark:bg-slate-900 dark:text-slate-100">
          <span>A new version is ready - reload</span>
          <Button onClick={() => void updateServiceWorker(true)}>Reload</Button>
        </div>
      )}
    </div>
  );
}

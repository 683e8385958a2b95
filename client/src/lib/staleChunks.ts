// After a new release the old hashed chunks are gone, so a page opened before it fails to load
// its next lazy route. Vite reports that as 'vite:preloadError': reload to get the new
// index.html instead of showing a blank screen. At most one reload a minute, so a dead network
// (not a release) cannot cause a reload loop.
const RELOADED_AT_KEY = 'reloaded-for-stale-chunk-at';
const MIN_INTERVAL_MS = 60_000;

export function reloadOnStaleChunks() {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < MIN_INTERVAL_MS) return;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}

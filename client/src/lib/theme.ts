// Light/dark theme: a class on <html>, remembered in localStorage; light by default.
// client/public/before-paint.js applies the stored theme before the first paint as well.
const THEME_KEY = 'theme';
const listeners = new Set<() => void>();

export function applyStoredTheme() {
  document.documentElement.classList.toggle('dark', localStorage.getItem(THEME_KEY) === 'dark');
}

export function isDark(): boolean {
  return document.documentElement.classList.contains('dark');
}

export function setDark(dark: boolean) {
  localStorage.setItem(THEME_KEY, dark ? 'dark' : 'light');
  document.documentElement.classList.toggle('dark', dark);
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: every theme switch on the page re-renders the switches. */
export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

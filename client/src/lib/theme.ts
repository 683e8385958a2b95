// Light/dark theme: a class on <html>, remembered in localStorage; light by default (SPEC 1).
const THEME_KEY = 'theme';

export function applyStoredTheme() {
  document.documentElement.classList.toggle('dark', localStorage.getItem(THEME_KEY) === 'dark');
}

export function isDark(): boolean {
  return document.documentElement.classList.contains('dark');
}

export function setDark(dark: boolean) {
  localStorage.setItem(THEME_KEY, dark ? 'dark' : 'light');
  document.documentElement.classList.toggle('dark', dark);
}

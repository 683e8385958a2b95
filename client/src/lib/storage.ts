// The browser keeps the tokens under the keys the original client used.
export const ACCESS_KEY = 'access_token';
export const REFRESH_KEY = 'refresh_token';
/** The profile last loaded, so a signed-in student can open the app with no signal. */
export const LAST_USER_KEY = 'last_user';

export const tokens = {
  access: () => localStorage.getItem(ACCESS_KEY),
  refresh: () => localStorage.getItem(REFRESH_KEY),
  set(access: string, refresh?: string) {
    localStorage.setItem(ACCESS_KEY, access);
    if (refresh) localStorage.setItem(REFRESH_KEY, refresh);
  },
  clearAccess: () => localStorage.removeItem(ACCESS_KEY),
  clear() {
    localStorage.removeItem(ACCESS_KEY);
    localStorage.removeItem(REFRESH_KEY);
    localStorage.removeItem(LAST_USER_KEY);
  },
};

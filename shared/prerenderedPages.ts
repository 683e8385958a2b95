// The signed-out pages pre-rendered at build time: address -> file under
// dist/client/prerendered/. The build writes them (client/prerender/), the server sends them.
export const PRERENDERED_DIR = 'prerendered';

export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'landing.html',
  '/login': 'login.html',
  '/register': 'register.html',
};

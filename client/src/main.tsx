// The entry: only what the signed-out pages need (React, the router, AppRoot); the signed-in app
// is a lazy chunk (app/FullApp.tsx). A page pre-rendered at build time for this address is
// hydrated in place; anything else starts from an empty root.
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot';
import { tokens } from './lib/storage';
import { applyStoredTheme } from './lib/theme';
import './index.css';

applyStoredTheme();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppRoot />
  </StrictMode>
);
// A signed-in browser never hydrates the signed-out HTML (index.css keeps it hidden meanwhile).
if (container.dataset.prerendered === window.location.pathname && !tokens.access()) {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  delete container.dataset.prerendered;
  createRoot(container).render(app);
}

// Its own chunk and its own root, fetched after the page: registering the service worker can wait.
const UpdatePrompt = lazy(() => import('./app/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));
createRoot(document.body.appendChild(document.createElement('div'))).render(
  <StrictMode>
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  </StrictMode>,
);

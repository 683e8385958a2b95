import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { applyStoredTheme } from './lib/theme';
import './index.css';

applyStoredTheme();

// Its own chunk, fetched after the page: registering the service worker can wait.
const UpdatePrompt = lazy(() => import('./app/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </AppProviders>
  </StrictMode>,
);

// The HTML of a signed-out page at build time, so a phone sees it before any script: the tree AppRoot.tsx hydrates,
// with a StaticRouter for the address. prerender() waits for the lazy page chunks, so the HTML
// holds the page itself, never the loading screen. Signed out, light theme.
import { StrictMode, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { SignedOutPages } from '../src/app/SignedOutPages';
import { LoadingScreen } from '../src/components/LoadingScreen';

export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <Suspense fallback={<LoadingScreen />}>
        <StaticRouter location={path}>
          <SignedOutPages />
        </StaticRouter>
      </Suspense>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

import { StandaloneShop, standaloneConfig } from '@shop/shared-auth/standalone';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

// Imported the way the remote entry imports it (a dynamic import of the exposed module): imported
// statically here as well, the build put the routes in a chunk shared by both entries and gave the
// exposed module a re-export file of its own, one more script on every page of the shop.
const StorefrontRoutes = lazy(() => import('./StorefrontRoutes.tsx'));

// Standalone development only: in the shop, the shell renders these routes inside its own frame.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneShop>
      <Suspense fallback={null}>
        <StorefrontRoutes notFound={<p>Not part of the storefront.</p>} config={standaloneConfig} />
      </Suspense>
    </StandaloneShop>
  </StrictMode>,
);

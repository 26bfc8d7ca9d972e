import { StandaloneShop, standaloneConfig } from '@shop/shared-auth/standalone';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import StorefrontRoutes from './StorefrontRoutes.tsx';

// Standalone development only: in the shop, the shell renders these routes inside its own frame.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneShop>
      <StorefrontRoutes notFound={<p>Not part of the storefront.</p>} config={standaloneConfig} />
    </StandaloneShop>
  </StrictMode>,
);

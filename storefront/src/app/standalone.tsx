import { ChakraProvider } from '@shop/shared-ui';
import { shopSystem } from '@shop/shared-ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import StorefrontRoutes from './StorefrontRoutes.tsx';

// Standalone development only: in the shop, the shell renders these routes inside its own frame.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={shopSystem}>
      <BrowserRouter>
        <StorefrontRoutes notFound={<p>Not part of the storefront.</p>} />
      </BrowserRouter>
    </ChakraProvider>
  </StrictMode>,
);

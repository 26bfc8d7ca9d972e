import { ChakraProvider } from '@shop/shared-ui';
import { shopSystem } from '@shop/shared-ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import AdminRoutes from './AdminRoutes.tsx';

// Standalone development only: in the shop, the shell renders these routes behind its admin guard.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={shopSystem}>
      <BrowserRouter>
        <Routes>
          <Route path="/admin/*" element={<AdminRoutes notFound={<p>Not part of the admin panel.</p>} />} />
        </Routes>
      </BrowserRouter>
    </ChakraProvider>
  </StrictMode>,
);

import { RequireAdmin } from '@shop/shared-auth';
import { StandaloneShop, standaloneConfig } from '@shop/shared-auth/standalone';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Routes } from 'react-router-dom';
import AdminRoutes from './AdminRoutes.tsx';

// Standalone development only: in the shop, the shell renders these routes behind its admin guard.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneShop>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <RequireAdmin>
              <AdminRoutes notFound={<p>Not part of the admin panel.</p>} config={standaloneConfig} />
            </RequireAdmin>
          }
        />
      </Routes>
    </StandaloneShop>
  </StrictMode>,
);

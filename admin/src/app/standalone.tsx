import { RequireAdmin } from '@shop/shared-auth';
import { StandaloneShop, standaloneConfig } from '@shop/shared-auth/standalone';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Routes } from 'react-router-dom';

// Imported the way the remote entry imports it (a dynamic import of the exposed module): imported
// statically here as well, the build put the routes in a chunk shared by both entries and gave the
// exposed module a re-export file of its own, one more script on every page of the shop.
const AdminRoutes = lazy(() => import('./AdminRoutes.tsx'));

// Standalone development only: in the shop, the shell renders these routes behind its admin guard.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneShop>
      <Suspense fallback={null}>
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
      </Suspense>
    </StandaloneShop>
  </StrictMode>,
);

import type { RemoteRoutesProps } from '@shop/shared-contract';
import { Route, Routes } from 'react-router-dom';
import { AnnouncementBar } from '../features/home/AnnouncementBar.tsx';
import { HomePage } from '../features/home/HomePage.tsx';

/** The storefront's routes, exposed to the shell as `storefront/routes`. */
export default function StorefrontRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <div data-remote="storefront">
      <Routes>
        <Route
          index
          element={
            <>
              <AnnouncementBar />
              <HomePage />
            </>
          }
        />
        <Route path="*" element={notFound} />
      </Routes>
    </div>
  );
}

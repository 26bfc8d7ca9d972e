import type { RemoteRoutesProps } from '@shop/shared-contract';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';

/** The admin panel's routes under /admin, exposed to the shell as `admin/routes`. */
export default function AdminRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <div data-remote="admin">
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="*" element={notFound} />
      </Routes>
    </div>
  );
}

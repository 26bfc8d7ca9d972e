import type { RemoteRoutesProps } from '@shop/shared-contract';
import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLayout } from './AdminLayout.tsx';

/** Each page is its own chunk: opening one never downloads another's code (nor the dashboard's chart). */
const page = <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) =>
  lazy(async () => ({ default: (await load())[name] }));

const DashboardPage = page(() => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage');
const ProductsPage = page(() => import('../features/products/ProductsPage.tsx'), 'ProductsPage');
const NewProductPage = page(() => import('../features/products/ProductFormPage.tsx'), 'NewProductPage');
const EditProductPage = page(() => import('../features/products/ProductFormPage.tsx'), 'EditProductPage');
const OrdersPage = page(() => import('../features/orders/OrdersPage.tsx'), 'OrdersPage');
const OrderPage = page(() => import('../features/orders/OrderPage.tsx'), 'OrderPage');
const UsersPage = page(() => import('../features/users/UsersPage.tsx'), 'UsersPage');
const UserPage = page(() => import('../features/users/UserPage.tsx'), 'UserPage');
const ReviewsPage = page(() => import('../features/reviews/ReviewsPage.tsx'), 'ReviewsPage');
const ActivityPage = page(() => import('../features/activity/ActivityPage.tsx'), 'ActivityPage');
const ReleasesPage = lazy(async () => ({
  default: (await import('../features/releases/ReleasesPage.tsx')).ReleasesPage,
}));

/** The admin panel's routes under /admin, exposed to the shell as `admin/routes`. */
export default function AdminRoutes({ notFound, config }: RemoteRoutesProps) {
  return (
    <div data-remote="admin">
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route element={<AdminLayout />}>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="products" element={<ProductsPage />} />
          <Route path="product/new" element={<NewProductPage />} />
          <Route path="product/:id" element={<EditProductPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="order/:id" element={<OrderPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="user/:id" element={<UserPage />} />
          <Route path="reviews" element={<ReviewsPage />} />
          <Route path="activity" element={<ActivityPage />} />
          <Route path="releases" element={<ReleasesPage config={config} />} />
        </Route>
        <Route path="*" element={notFound} />
      </Routes>
    </div>
  );
}

import { Skeleton } from '@shop/shared-ui';
import { lazy, Suspense } from 'react';

// The panels load when first opened: the lists' own chunks stay as they were (and the form schemas with them).
const ProductImportPanel = lazy(async () => ({
  default: (await import('./ProductImportPanel.tsx')).ProductImportPanel,
}));
const OrdersExportPanel = lazy(async () => ({
  default: (await import('./OrdersExportPanel.tsx')).OrdersExportPanel,
}));

export const PRODUCT_IMPORT_PANEL_ID = 'product-import-panel';
export const ORDERS_EXPORT_PANEL_ID = 'orders-export-panel';

const loading = <Skeleton height="40" borderRadius="md" />;

/** The products import panel, or nothing while closed. */
export function ProductImport({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <div id={PRODUCT_IMPORT_PANEL_ID}>
      {open ? (
        <Suspense fallback={loading}>
          <ProductImportPanel onClose={onClose} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The orders export panel, or nothing while closed. */
export function OrdersExport({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <div id={ORDERS_EXPORT_PANEL_ID}>
      {open ? (
        <Suspense fallback={loading}>
          <OrdersExportPanel onClose={onClose} />
        </Suspense>
      ) : null}
    </div>
  );
}

import {
  adminProductsPageQuery,
  deleteProduct,
  FALLBACK_MESSAGES,
  queryKeys,
  type Product,
} from '@shop/shared-api';
import { Button, formatRupees, Span, toast } from '@shop/shared-ui';
import { FileUp, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Column } from '../../components/list-columns.ts';
import { PAGE_SIZE } from '../../components/list-params.ts';
import { ListPage } from '../../components/ListPage.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useDeleteFlow } from '../../components/use-delete-flow.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { CsvPanelToggle } from '../spreadsheets/CsvPanelToggle.tsx';
import { ExportProductsButton } from '../spreadsheets/ExportProductsButton.tsx';
import { PRODUCT_IMPORT_PANEL_ID, ProductImport } from '../spreadsheets/lazy-panels.tsx';
import { StockFilter } from './StockFilter.tsx';
import { useStockBelow } from './stock-filter.ts';

const columns: Column<Product>[] = [
  { header: 'Product ID', mono: true, cell: (product) => product._id },
  { header: 'Name', cell: (product) => product.name },
  {
    header: 'Stock',
    numeric: true,
    cell: (product) => <Span color={product.stock < 1 ? 'fg.error' : undefined}>{product.stock}</Span>,
  },
  { header: 'Price', numeric: true, cell: (product) => formatRupees(product.price) },
];

/**
 * /admin/products: every product (or those low on stock), 13 per page, edit and delete; the catalog
 * exported as CSV and a CSV imported (issue 29).
 */
export function ProductsPage() {
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  const { stockBelow, setStockBelow } = useStockBelow();
  const queryFor = (query: Parameters<typeof adminProductsPageQuery>[0]) =>
    adminProductsPageQuery(stockBelow === undefined ? query : { ...query, stockBelow });
  const { answer, list } = usePagedList(queryFor, PAGE_SIZE.products, {
    rows: (answer) => answer.products,
    total: (answer) => answer.productsCount,
    matching: (answer) => answer.filteredProductsCount,
  });
  const remove = useDeleteFlow<Product>({
    question: 'Are you sure you want to delete this product?',
    remove: (product) => deleteProduct(product._id),
    invalidates: [queryKeys.catalog],
    fallback: FALLBACK_MESSAGES.deleteProduct,
    onDeleted: () => {
      toast.success('Product Deleted Successfully');
      navigate('/admin/dashboard');
    },
  });

  return (
    <ListPage
      title="Products"
      noun={['product', 'products']}
      headerActions={
        <>
          <ExportProductsButton />
          <CsvPanelToggle
            open={importing}
            onToggle={() => setImporting((open) => !open)}
            controls={PRODUCT_IMPORT_PANEL_ID}
          >
            <FileUp size={16} aria-hidden="true" /> Import CSV
          </CsvPanelToggle>
          <Button asChild colorPalette="brand" size="sm">
            <Link to="/admin/product/new">
              <Plus size={16} aria-hidden="true" /> Add Product
            </Link>
          </Button>
        </>
      }
      figures={
        answer
          ? [
              { label: 'Products', value: answer.productsCount },
              { label: 'In stock', value: answer.productsCount - answer.outOfStockCount },
              { label: 'Out of stock', value: answer.outOfStockCount },
            ]
          : null
      }
      lookup={
        <>
          <ProductImport open={importing} onClose={() => setImporting(false)} />
          <StockFilter stockBelow={stockBelow} onChange={setStockBelow} />
        </>
      }
      list={list}
      searchLabel="Search products by name or id"
      columns={columns}
      rowKey={(product) => product._id}
      rowActions={(product) => (
        <RowActions
          editTo={`/admin/product/${product._id}`}
          name={product.name}
          onDelete={() => remove.ask(product)}
        />
      )}
      empty={{
        title: 'No products yet',
        description: 'Products you add show here and in the shop.',
        action: (
          <Button asChild colorPalette="brand">
            <Link to="/admin/product/new">Add Product</Link>
          </Button>
        ),
      }}
      noMatch={(query) => ({
        title: 'No products match',
        description: query
          ? `Nothing matches “${query}”${stockBelow ? ` with fewer than ${stockBelow} in stock` : ''}.`
          : `No product has fewer than ${stockBelow} in stock.`,
      })}
      deletion={remove}
    />
  );
}

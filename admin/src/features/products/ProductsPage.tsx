import {
  adminProductsQuery,
  deleteProduct,
  FALLBACK_MESSAGES,
  queryKeys,
  type Product,
} from '@shop/shared-api';
import { Button, formatRupees, Pagination, Stack, Table, Text, toast } from '@shop/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { EmptyList, LoadError } from '../../components/ListStates.tsx';
import { pageOf, PAGE_SIZE, useListParams } from '../../components/list-params.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import { StatSkeleton, TableSkeleton } from '../../components/TableSkeleton.tsx';
import { useDeleteFlow } from '../../components/use-delete-flow.tsx';

const columns: Column[] = [
  { header: 'Product ID' },
  { header: 'Name' },
  { header: 'Stock', numeric: true },
  { header: 'Price', numeric: true },
  { header: 'Actions', hiddenHeader: true },
];

/** Name or id contains the text (case-insensitive). */
export function matchesProduct(product: Product, text: string): boolean {
  const needle = text.trim().toLowerCase();
  return !needle || product._id.includes(needle) || product.name.toLowerCase().includes(needle);
}

/** /admin/products: every product, 13 per page, edit and delete. */
export function ProductsPage() {
  const navigate = useNavigate();
  const { query, page, setQuery, setPage } = useListParams();
  const products = useQuery(adminProductsQuery());
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
  const all = products.data;
  const filtered = useMemo(
    () => (all ?? []).filter((product) => matchesProduct(product, query)),
    [all, query],
  );
  const shown = pageOf(filtered, page, PAGE_SIZE.products);

  return (
    <>
      <PageHeader title="Products">
        <Button asChild colorPalette="brand" size="sm">
          <Link to="/admin/product/new">
            <Plus size={16} aria-hidden="true" /> Add Product
          </Link>
        </Button>
      </PageHeader>
      {all ? (
        <StatGrid columns={3}>
          <StatCard label="Products" value={all.length} />
          <StatCard label="Out of stock" value={all.filter((product) => product.stock < 1).length} />
          <StatCard label="Units in stock" value={all.reduce((sum, product) => sum + product.stock, 0)} />
        </StatGrid>
      ) : products.isPending ? (
        <StatSkeleton />
      ) : null}
      {remove.failure}
      {products.isError ? (
        <LoadError error={products.error} onRetry={() => void products.refetch()} />
      ) : products.isPending ? (
        <TableSkeleton label="Loading products" columns={columns} rows={PAGE_SIZE.products} />
      ) : all && all.length === 0 ? (
        <EmptyList
          title="No products yet"
          description="Products you add show here and in the shop."
          action={
            <Button asChild colorPalette="brand">
              <Link to="/admin/product/new">Add Product</Link>
            </Button>
          }
        />
      ) : (
        <Stack gap="3">
          <SearchBox label="Search products by name or id" value={query} onChange={setQuery} />
          {filtered.length === 0 ? (
            <EmptyList title="No products match" description={`Nothing matches “${query}”.`} />
          ) : (
            <>
              <DataTable caption="Products" columns={columns}>
                {shown.rows.map((product) => (
                  <Table.Row key={product._id}>
                    <Table.Cell fontFamily="mono" fontSize="xs">
                      {product._id}
                    </Table.Cell>
                    <Table.Cell>{product.name}</Table.Cell>
                    <Table.Cell textAlign="end" color={product.stock < 1 ? 'fg.error' : undefined}>
                      {product.stock}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatRupees(product.price)}</Table.Cell>
                    <Table.Cell>
                      <RowActions
                        editTo={`/admin/product/${product._id}`}
                        name={product.name}
                        onDelete={() => remove.ask(product)}
                      />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </DataTable>
              <Text fontSize="sm" color="fg.muted" aria-live="polite">
                {filtered.length} {filtered.length === 1 ? 'product' : 'products'}
                {query ? ` matching “${query}”` : ''}
              </Text>
              <Pagination
                page={shown.page}
                pageCount={shown.pageCount}
                onPageChange={setPage}
                label="Products pages"
              />
            </>
          )}
        </Stack>
      )}
      {remove.dialog}
    </>
  );
}

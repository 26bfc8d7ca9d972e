import {
  adminProductsPageQuery,
  deleteProduct,
  FALLBACK_MESSAGES,
  queryKeys,
  type Product,
} from '@shop/shared-api';
import { Button, formatRupees, Stack, Table, toast } from '@shop/shared-ui';
import { Plus } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { DataTable, wideOnly, type Column } from '../../components/DataTable.tsx';
import { EmptyList, LoadError } from '../../components/ListStates.tsx';
import { PAGE_SIZE } from '../../components/list-params.ts';
import { ListFooter } from '../../components/ListFooter.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import { StatSkeleton, TableSkeleton } from '../../components/TableSkeleton.tsx';
import { useDeleteFlow } from '../../components/use-delete-flow.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';

const columns: Column[] = [
  { header: 'Product ID', wideOnly: true },
  { header: 'Name' },
  { header: 'Stock', numeric: true },
  { header: 'Price', numeric: true },
  { header: 'Actions', hiddenHeader: true },
];

/** /admin/products: every product, 13 per page, edit and delete. */
export function ProductsPage() {
  const navigate = useNavigate();
  const {
    list: products,
    answer,
    query,
    search,
    page,
    pageCount,
    setQuery,
    setPage,
  } = usePagedList(adminProductsPageQuery, PAGE_SIZE.products, (answer) => answer.filteredProductsCount);
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
    <>
      <PageHeader title="Products">
        <Button asChild colorPalette="brand" size="sm">
          <Link to="/admin/product/new">
            <Plus size={16} aria-hidden="true" /> Add Product
          </Link>
        </Button>
      </PageHeader>
      {answer ? (
        <StatGrid>
          <StatCard label="Products" value={answer.productsCount} />
          <StatCard label="In stock" value={answer.productsCount - answer.outOfStockCount} />
          <StatCard label="Out of stock" value={answer.outOfStockCount} />
        </StatGrid>
      ) : products.isPending ? (
        <StatSkeleton />
      ) : null}
      {remove.failure}
      {products.isError ? (
        <LoadError error={products.error} onRetry={() => void products.refetch()} />
      ) : products.isPending ? (
        <TableSkeleton label="Loading products" columns={columns} rows={PAGE_SIZE.products} />
      ) : answer && answer.productsCount === 0 ? (
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
          {answer && answer.filteredProductsCount === 0 ? (
            <EmptyList title="No products match" description={`Nothing matches “${query}”.`} />
          ) : (
            <>
              <DataTable caption="Products" columns={columns} busy={products.isPlaceholderData}>
                {answer?.products.map((product) => (
                  <Table.Row key={product._id}>
                    <Table.Cell fontFamily="mono" fontSize="xs" {...wideOnly}>
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
              <ListFooter
                count={answer?.filteredProductsCount ?? 0}
                noun={['product', 'products']}
                search={search}
                page={page}
                pageCount={pageCount}
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

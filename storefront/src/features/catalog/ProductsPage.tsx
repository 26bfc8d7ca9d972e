import { productListQuery } from '@shop/shared-api';
import {
  Box,
  Button,
  EmptyState,
  ErrorAlert,
  Grid,
  Heading,
  Pagination,
  Skeleton,
  Stack,
  Text,
  usePageTitle,
} from '@shop/shared-ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ProductGrid, ProductGridSkeleton } from '../../components/ProductGrid.tsx';
import {
  addressOfFilters,
  catalogHeading,
  filtersFromAddress,
  type CatalogFilters,
} from './catalog-address.ts';
import { CatalogFilterSidebar, wantFilters } from './CatalogFilterSidebar.tsx';
import { useFiltersBesideList } from './use-filters-beside-list.ts';

/** `/products` and `/products/:keyword`: filters, the grid and numbered pages, all kept in the address. */
export default function ProductsPage() {
  const { keyword } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersShown = useFiltersBesideList() || filtersOpen;
  useEffect(() => {
    if (filtersShown) wantFilters();
  }, [filtersShown]);
  const filters = filtersFromAddress(keyword, searchParams);
  usePageTitle(catalogHeading(filters));

  // The previous page stays on screen (dimmed) while the next one loads: nothing jumps between pages.
  // Deferred: a page of cards renders in slices, not in one long task when the answer arrives (round 4).
  const list = useDeferredValue(
    useQuery({ ...productListQuery(filters), placeholderData: keepPreviousData }),
  );
  const go = (next: CatalogFilters) => navigate(addressOfFilters(next));
  const changePage = (page: number) => {
    go({ ...filters, page });
    window.scrollTo({ top: 0 });
  };

  const answer = list.data;
  const pageCount = answer ? Math.ceil(answer.filteredProductsCount / answer.resultPerPage) : 0;
  const showPager = answer ? answer.resultPerPage < answer.filteredProductsCount : false;

  return (
    <Stack py="8" gap="6">
      <Heading as="h1" size="2xl">
        {catalogHeading(filters)}
      </Heading>
      <Grid templateColumns={{ base: '1fr', md: '15rem 1fr' }} gap="8" alignItems="start">
        <Stack gap="3" minW="0">
          {/* On a phone the filters fold away under one button, so the products come first. */}
          <Button
            display={{ md: 'none' }}
            variant="outline"
            aria-expanded={filtersOpen}
            aria-controls="catalog-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal aria-hidden="true" /> Filters
          </Button>
          <Box id="catalog-filters" display={{ base: filtersOpen ? 'block' : 'none', md: 'block' }}>
            <CatalogFilterSidebar address={addressOfFilters(filters)} keyword={keyword} />
          </Box>
        </Stack>
        <Stack gap="4" minW="0" aria-busy={list.isFetching}>
          {list.isPending ? (
            <>
              {/* The count line's place, so the grid does not move down when the answer arrives. */}
              <Skeleton h="6" w="12rem" />
              <ProductGridSkeleton label="Loading products" firstPictures />
            </>
          ) : list.isError ? (
            <ErrorAlert message={list.error.message} onRetry={() => void list.refetch()} />
          ) : list.data.products.length === 0 ? (
            <EmptyState.Root>
              <EmptyState.Content>
                <EmptyState.Title>No products found</EmptyState.Title>
                <EmptyState.Description>Try another search or fewer filters.</EmptyState.Description>
                <Button asChild variant="outline">
                  <Link to="/products">View All Products</Link>
                </Button>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <>
              <Text color="fg.muted" aria-live="polite">
                {list.data.filteredProductsCount}{' '}
                {list.data.filteredProductsCount === 1 ? 'product' : 'products'}
                {pageCount > 1 ? `, page ${filters.page} of ${pageCount}` : ''}
              </Text>
              <Box opacity={list.isPlaceholderData ? 0.6 : 1} transition="opacity 150ms">
                <ProductGrid products={list.data.products} label="Products" />
              </Box>
            </>
          )}
          {showPager ? (
            <Pagination
              page={filters.page}
              pageCount={pageCount}
              onPageChange={changePage}
              label="Product pages"
            />
          ) : null}
        </Stack>
      </Grid>
    </Stack>
  );
}

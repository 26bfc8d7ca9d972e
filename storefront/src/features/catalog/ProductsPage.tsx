import { PRODUCT_SORTS, productListQuery, type ProductSort } from '@shop/shared-api';
import {
  Alert,
  Box,
  Button,
  EmptyState,
  ErrorAlert,
  Flex,
  Grid,
  Heading,
  HStack,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Text,
  usePageTitle,
} from '@shop/shared-ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ProductGrid, ProductGridSkeleton } from '../../components/ProductGrid.tsx';
import {
  addressOfFilters,
  catalogHeading,
  filtersFromAddress,
  SORT_LABELS,
  unknownCategory,
  withFilter,
  type CatalogFilters,
} from './catalog-address.ts';
import { CatalogFilterSidebar, wantFilters } from './CatalogFilterSidebar.tsx';
import { useFiltersBesideList } from './use-filters-beside-list.ts';

/**
 * The list's order, a native select (keyboard and screen readers know it as it is). It shows a choice at
 * once: the router moves to the new address in a transition, and a select showing the address's order
 * meanwhile would jump back, so that a second arrow key in that moment chose from the old order. A choice
 * made on a server-rendered page before React took it over stays in the element (hydration leaves a
 * select's value alone): it is followed once React holds the page, as a change (the form kit's fields take
 * early text the same way). In an effect, not the ref: the router navigates only once the page's effects
 * have run.
 */
function SortSelect({ sort, onSort }: { sort: ProductSort; onSort: (sort: ProductSort) => void }) {
  const [shown, setShown] = useState(sort);
  // The address moved (Back, a link): the select shows its order.
  const [addressSort, setAddressSort] = useState(sort);
  if (addressSort !== sort) {
    setAddressSort(sort);
    setShown(sort);
  }
  const field = useRef<HTMLSelectElement>(null);
  const choose = (value: string) => {
    const next = PRODUCT_SORTS.find((each) => each === value);
    if (!next || next === shown) return;
    setShown(next);
    onSort(next);
  };
  // After each render the element shows `shown` (React wrote it), except after an early choice.
  useEffect(() => {
    if (field.current) choose(field.current.value);
  });
  return (
    <HStack gap="2">
      <Text asChild textStyle="sm" color="fg.muted" whiteSpace="nowrap">
        <label htmlFor="catalog-sort">Sort by</label>
      </Text>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          id="catalog-sort"
          value={shown}
          onChange={(event) => choose(event.currentTarget.value)}
          ref={field}
        >
          {PRODUCT_SORTS.map((each) => (
            <option key={each} value={each}>
              {SORT_LABELS[each]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}

/**
 * `/products` and `/products/:keyword`: filters, the order, the grid and numbered pages, all kept in the
 * address.
 */
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
  const notACategory = unknownCategory(searchParams);
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
      {notACategory ? (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>
            There is no category called “{notACategory}”: showing products of every category.
          </Alert.Title>
        </Alert.Root>
      ) : null}
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
          <Flex justify="space-between" align="center" gap="3" wrap="wrap" minH="8">
            {list.isPending ? (
              // The count line's place, so nothing moves when the answer arrives.
              <Skeleton h="6" w="12rem" />
            ) : list.data?.products.length ? (
              // The results' heading, drawn as a line of text: on a phone the filters' headings are folded
              // away, and the cards' h3s would follow the page's h1 with no level between them.
              <Text as="h2" color="fg.muted" aria-live="polite">
                {list.data.filteredProductsCount}{' '}
                {list.data.filteredProductsCount === 1 ? 'product' : 'products'}
                {pageCount > 1 ? `, page ${filters.page} of ${pageCount}` : ''}
              </Text>
            ) : (
              <span />
            )}
            <SortSelect sort={filters.sort} onSort={(sort) => go(withFilter(filters, { sort }))} />
          </Flex>
          {list.isPending ? (
            <ProductGridSkeleton label="Loading products" firstPictures />
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
            <Box opacity={list.isPlaceholderData ? 0.6 : 1} transition="opacity 150ms">
              <ProductGrid products={list.data.products} label="Products" />
            </Box>
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

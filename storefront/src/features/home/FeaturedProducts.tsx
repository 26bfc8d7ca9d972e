import { DEFAULT_PRODUCT_SEARCH, productListQuery } from '@shop/shared-api';
import { Button, ErrorAlert, Heading, Stack, Text } from '@shop/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { ProductGrid, ProductGridSkeleton } from '../../components/ProductGrid.tsx';

/** 'Featured Products': the products of the default product query, and a way to all of them. */
export function FeaturedProducts() {
  // Deferred (docs/performance.md, round 4): the answer arrives through the query cache's store, which React
  // renders at once; deferred, the cards render in slices while the skeleton stays.
  const products = useDeferredValue(useQuery(productListQuery(DEFAULT_PRODUCT_SEARCH)));
  return (
    <Stack as="section" gap="6" aria-labelledby="featured-heading">
      <Heading as="h2" id="featured-heading" size="2xl" textAlign="center">
        Featured Products
      </Heading>
      {products.isPending ? (
        <ProductGridSkeleton label="Loading featured products" />
      ) : products.isError ? (
        <ErrorAlert message={products.error.message} onRetry={() => void products.refetch()} />
      ) : products.data.products.length === 0 ? (
        <Text textAlign="center" color="fg.muted">
          No products yet. Please come back soon.
        </Text>
      ) : (
        <ProductGrid products={products.data.products} label="Featured products" />
      )}
      <Button asChild variant="outline" alignSelf="center">
        <Link to="/products">View All Products</Link>
      </Button>
    </Stack>
  );
}

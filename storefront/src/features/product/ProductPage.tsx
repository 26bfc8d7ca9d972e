import { ApiError, productQuery, type Product, isObjectId } from '@shop/shared-api';
import {
  Badge,
  Box,
  ErrorAlert,
  formatRupees,
  Grid,
  Heading,
  HStack,
  ProductImageSkeleton,
  Separator,
  SimpleGrid,
  Skeleton,
  Stack,
  Stars,
  Text,
  toast,
  usePageTitle,
} from '@shop/shared-ui';
import { cartStore } from '@shop/shared-cart';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { NotFoundState } from '../../components/NotFoundState.tsx';
import { RecentlyViewed } from '../../components/RecentlyViewed.tsx';
import { AddToCart } from './AddToCart.tsx';
import { GALLERY_PICTURE_SIZES, ImageGallery } from './ImageGallery.tsx';
import { PRODUCT_NOT_FOUND } from './product-title.ts';
import { ReviewAction } from './ReviewAction.tsx';
import { ReviewCard } from './ReviewCard.tsx';

/** `/product/:id`: pictures, details, quantity and Add to Cart, and the reviews with Submit Review. */
export default function ProductPage() {
  const { id = '' } = useParams();
  const wellFormed = isObjectId(id);
  // Deferred: the details render in slices when the answer arrives, the skeleton staying meanwhile (round 4).
  // A product the api said does not exist stays so when the page mounts (`retryOnMount`): a page the server
  // rendered as 'Product not found' hydrates as that, not as a skeleton that asks again (a failure of
  // another kind never reaches the page's data: the server then sends its prerendered page instead).
  const product = useDeferredValue(
    useQuery({ ...productQuery(id), enabled: wellFormed, retryOnMount: false }),
  );
  const missing = !wellFormed || (product.isError && isMissing(product.error));
  usePageTitle(missing ? PRODUCT_NOT_FOUND : (product.data?.name ?? 'Product'));

  // Product rule (docs/product.md, errors): a failed detail load is also said in an error toast.
  const failure = product.isError && !isMissing(product.error) ? product.error.message : null;
  useEffect(() => {
    if (failure) toast.error(failure);
  }, [failure]);

  if (missing) {
    return <NotFoundState title={PRODUCT_NOT_FOUND} linkTo="/products" linkLabel="View All Products" />;
  }
  if (product.isPending) return <ProductSkeleton />;
  if (product.isError) {
    return (
      <Box py="10">
        <ErrorAlert message={product.error.message} onRetry={() => void product.refetch()} />
      </Box>
    );
  }
  return <ProductDetails product={product.data} />;
}

/** A 404 (no such product) or 400 (not an id) says the product does not exist: nothing to retry. */
function isMissing(error: Error): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

function ProductDetails({ product }: { product: Product }) {
  const inStock = product.stock >= 1;
  // Remembered on this browser for 'Recently viewed' (here, on the next product, and in an empty cart).
  const { _id, name, price, images } = product;
  const image = images[0]?.url ?? '';
  useEffect(() => {
    cartStore.getState().rememberViewed({ product: _id, name, price, image });
  }, [_id, name, price, image]);
  return (
    <Stack py="8" gap="10">
      <Grid
        templateColumns={{ base: '1fr', md: 'minmax(0, 28rem) minmax(0, 1fr)' }}
        gap={{ base: '6', md: '10' }}
      >
        <ImageGallery images={product.images} name={product.name} />
        <Stack gap="4">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              {product.name}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Product # {product._id}
            </Text>
          </Stack>
          <HStack gap="2">
            <Stars value={product.ratings} showValue />
            <Text fontSize="sm" color="fg.muted">
              ({product.numOfReviews} {product.numOfReviews === 1 ? 'Review' : 'Reviews'})
            </Text>
          </HStack>
          <Separator />
          <Text fontSize="3xl" fontWeight="bold">
            {formatRupees(product.price)}
          </Text>
          <AddToCart product={product} />
          <HStack gap="2">
            <Text>Status:</Text>
            <Badge colorPalette={inStock ? 'green' : 'red'} variant="subtle" size="md">
              {inStock ? 'In Stock' : 'Out of Stock'}
            </Badge>
          </HStack>
          <Separator />
          <Stack gap="1">
            <Heading as="h2" size="md">
              Description
            </Heading>
            <Text whiteSpace="pre-line">{product.description || 'No description yet.'}</Text>
          </Stack>
          <ReviewAction product={product} />
        </Stack>
      </Grid>

      <Stack as="section" gap="4" aria-labelledby="reviews-heading">
        <Heading as="h2" id="reviews-heading" size="xl">
          Reviews
        </Heading>
        {product.reviews.length === 0 ? (
          <Text color="fg.muted">No Reviews Yet</Text>
        ) : (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
            {product.reviews.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <RecentlyViewed exclude={product._id} />
    </Stack>
  );
}

function ProductSkeleton() {
  return (
    <Grid
      py="8"
      templateColumns={{ base: '1fr', md: 'minmax(0, 28rem) minmax(0, 1fr)' }}
      gap={{ base: '6', md: '10' }}
      aria-busy="true"
      aria-label="Loading the product"
    >
      {/* The gallery's main picture: a prerendered page shows the product's first picture here at once. */}
      <ProductImageSkeleton slot={0} sizes={GALLERY_PICTURE_SIZES} />
      <Stack gap="4">
        <Skeleton h="9" w="80%" />
        <Skeleton h="4" w="50%" />
        <Skeleton h="5" w="40%" />
        <Skeleton h="10" w="30%" />
        <Skeleton h="10" w="60%" />
        <Skeleton h="24" w="full" />
      </Stack>
    </Grid>
  );
}

import type { ProductSummary } from '@shop/shared-api';
import { Box, ProductImageSkeleton, SimpleGrid, Skeleton, Stack } from '@shop/shared-ui';
import { CARD_PICTURE_SIZES, ProductCard } from './ProductCard.tsx';

/** DESIGN.md: 1 column on phones, 2 from small tablets, 3 from tablets, 4 on desktops. */
const columns = { base: 1, sm: 2, md: 3, lg: 4 } as const;

/** How many of a grid's first pictures are fetched at once: a desktop's first row (the rest load lazily). */
export const FIRST_ROW_PICTURES = 4;

/** A grid of product cards; the first row's pictures are fetched first (they are the page's largest content). */
export function ProductGrid({ products, label }: { products: ProductSummary[]; label: string }) {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={columns} gap="6" aria-label={label}>
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} priority={index < FIRST_ROW_PICTURES} />
        </li>
      ))}
    </SimpleGrid>
  );
}

/**
 * The grid's shape while it loads: the same cards, greyed, so nothing moves when they arrive. With
 * `firstPictures`, the first row's picture boxes are where a prerendered page shows the first answer's
 * pictures before its JavaScript runs (ProductImageSkeleton).
 */
export function ProductGridSkeleton({
  count = 8,
  label,
  firstPictures = false,
}: {
  count?: number;
  label: string;
  firstPictures?: boolean;
}) {
  return (
    <SimpleGrid columns={columns} gap="6" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <Box key={index} borderWidth="1px" borderRadius="lg" overflow="hidden">
          <ProductImageSkeleton
            slot={firstPictures && index < FIRST_ROW_PICTURES ? index : undefined}
            sizes={CARD_PICTURE_SIZES}
            rounded="none"
          />
          <Stack gap="2" p="4">
            <Skeleton h="4" w="90%" />
            <Skeleton h="4" w="60%" />
            <Skeleton h="3" w="40%" />
            <Skeleton h="6" w="35%" />
          </Stack>
        </Box>
      ))}
    </SimpleGrid>
  );
}

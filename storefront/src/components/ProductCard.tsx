import type { ProductSummary } from '@shop/shared-api';
import {
  Badge,
  formatRupees,
  Heading,
  HStack,
  LinkBox,
  LinkOverlay,
  ProductImage,
  Stack,
  Stars,
  Text,
} from '@shop/shared-ui';
import { Link } from 'react-router-dom';

/**
 * How wide a card's picture is drawn (ProductGrid's columns: 1, 2 from sm, 3 from md, 4 from lg, in the
 * frame's 1280 px with its padding and the gaps): the browser picks the picture's copy from it.
 */
export const CARD_PICTURE_SIZES =
  '(min-width: 64em) 290px, (min-width: 48em) 31vw, (min-width: 30em) 47vw, 92vw';

/**
 * A product in a grid: fixed-ratio picture, name on at most two lines, stars and review count, and the
 * price as the most prominent text. The whole card is one link (one tab stop), named by the product.
 */
export function ProductCard({ product, priority = false }: { product: ProductSummary; priority?: boolean }) {
  return (
    <LinkBox
      as="article"
      borderWidth="1px"
      borderRadius="lg"
      overflow="hidden"
      bg="bg"
      transition="box-shadow 150ms, transform 150ms"
      _hover={{ shadow: 'md', transform: 'translateY(-2px)' }}
      _focusWithin={{ shadow: 'outline' }}
      data-testid="product-card"
    >
      <ProductImage
        src={product.images[0]?.url}
        alt={product.name}
        ratio={1}
        sizes={CARD_PICTURE_SIZES}
        priority={priority}
        rounded="none"
      />
      <Stack gap="1.5" p="4">
        <Heading as="h3" size="sm" lineClamp={2} minH="2lh">
          <LinkOverlay asChild>
            <Link to={`/product/${product._id}`}>{product.name}</Link>
          </LinkOverlay>
        </Heading>
        <HStack gap="2">
          <Stars value={product.ratings} size={14} />
          <Text fontSize="xs" color="fg.muted">
            ({product.numOfReviews} {product.numOfReviews === 1 ? 'Review' : 'Reviews'})
          </Text>
        </HStack>
        <HStack gap="2" justify="space-between" wrap="wrap">
          <Text fontSize="xl" fontWeight="bold" color="fg">
            {formatRupees(product.price)}
          </Text>
          {/* Nothing left to buy: said on the card, as on the product page (DESIGN.md: danger red). */}
          {product.stock < 1 ? (
            <Badge colorPalette="red" variant="subtle">
              Out of Stock
            </Badge>
          ) : null}
        </HStack>
      </Stack>
    </LinkBox>
  );
}

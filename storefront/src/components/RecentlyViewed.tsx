import { useRecentlyViewed } from '@shop/shared-cart';
import {
  formatRupees,
  Heading,
  LinkBox,
  LinkOverlay,
  ProductImage,
  SimpleGrid,
  Stack,
  Text,
} from '@shop/shared-ui';
import { Link } from 'react-router-dom';

/** How many the row shows: one line on a laptop, two of three on a phone. */
const SHOWN = 6;

/**
 * 'Recently viewed': the products last looked at on this browser (kept with the cart, and forgotten with
 * it when its account signs out), newest first, without the one on screen. Nothing when there is none.
 * A server-rendered page has none (the list lives in the browser), so it appears after hydration, below
 * everything else: nothing above it moves.
 */
export function RecentlyViewed({ exclude }: { exclude?: string }) {
  const products = useRecentlyViewed()
    .filter(({ product }) => product !== exclude)
    .slice(0, SHOWN);
  if (products.length === 0) return null;
  return (
    <Stack as="section" gap="4" aria-labelledby="recently-viewed-heading">
      <Heading as="h2" id="recently-viewed-heading" size="lg">
        Recently viewed
      </Heading>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 3, md: 6 }} gap="3">
        {products.map(({ product, name, price, image }) => (
          <LinkBox as="li" key={product} borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg">
            <ProductImage src={image} alt={name} width={160} height={160} rounded="none" />
            <Stack gap="0.5" p="2">
              <LinkOverlay asChild>
                <Link to={`/product/${product}`}>
                  <Text fontSize="sm" lineClamp={2}>
                    {name}
                  </Text>
                </Link>
              </LinkOverlay>
              <Text fontSize="sm" fontWeight="bold">
                {formatRupees(price)}
              </Text>
            </Stack>
          </LinkBox>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

import { Box, IconButton } from '@shop/shared-ui';
import { useCartCount } from '@shop/shared-cart';
import { ShoppingCart } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The cart, one tap from every page, with its number of lines (the avatar menu's 'Cart (n)' count). Drawn
 * for everyone, a guest's with no count: the page is rendered on the server as a guest's, and the count
 * appears in place once the browser knows the cart, moving nothing.
 */
export function CartLink() {
  const count = useCartCount();
  return (
    <IconButton
      asChild
      variant="ghost"
      position="relative"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
    >
      <RouterLink to="/cart">
        <ShoppingCart aria-hidden="true" />
        {count > 0 ? (
          <Box
            as="span"
            aria-hidden="true"
            position="absolute"
            top="0.5"
            right="0.5"
            minW="4.5"
            h="4.5"
            px="1"
            rounded="full"
            bg="brand.solid"
            color="brand.contrast"
            fontSize="2xs"
            fontWeight="bold"
            // Centred in the disc: a line height of "4.5" was read as 4.5 times the font (45 px), which put the
            // number below the disc, white on the white bar.
            display="flex"
            alignItems="center"
            justifyContent="center"
            lineHeight="1"
            data-testid="cart-count"
          >
            {count}
          </Box>
        ) : null}
      </RouterLink>
    </IconButton>
  );
}

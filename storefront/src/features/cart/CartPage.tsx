import type { CartItem } from '@shop/shared-api';
import { cartStore, useCartItems } from '@shop/shared-cart';
import {
  Box,
  Button,
  Card,
  EmptyState,
  formatRupees,
  Grid,
  Heading,
  HStack,
  IconButton,
  Link,
  ProductImage,
  Separator,
  Stack,
  Text,
  usePageTitle,
} from '@shop/shared-ui';
import { ShoppingCart, Trash2 } from 'lucide-react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { RecentlyViewed } from '../../components/RecentlyViewed.tsx';
import { priceCart } from '../../lib/price-cart.ts';

/** `/cart`: the lines with their quantities, the subtotal, 'Shipping: Free', the total, and checkout. */
export default function CartPage() {
  usePageTitle('Cart');
  const lines = useCartItems();
  const navigate = useNavigate();

  if (lines.length === 0) {
    return (
      <Stack pb="10" gap="6">
        <EmptyState.Root py="16">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <ShoppingCart aria-hidden="true" />
            </EmptyState.Indicator>
            <EmptyState.Title as="h1" fontSize="2xl">
              No Product in Your Cart
            </EmptyState.Title>
            <Button asChild colorPalette="brand">
              <RouterLink to="/products">View Products</RouterLink>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
        <RecentlyViewed />
      </Stack>
    );
  }

  const { subtotal } = priceCart(lines);
  return (
    <Stack py="8" gap="6">
      <Heading as="h1" size="2xl">
        Shopping Cart
      </Heading>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 20rem' }} gap="8" alignItems="start">
        <Stack as="ul" listStyleType="none" gap="4" aria-label="Cart items">
          {lines.map((line) => (
            <CartLineRow key={line.product} line={line} />
          ))}
        </Stack>
        <Card.Root
          as="section"
          aria-labelledby="summary-heading"
          position={{ lg: 'sticky' }}
          top={{ lg: '20' }}
        >
          <Card.Body>
            <Stack gap="3">
              <Heading as="h2" id="summary-heading" size="md">
                Order Summary
              </Heading>
              <HStack justify="space-between">
                <Text>Subtotal</Text>
                <Text>{formatRupees(subtotal)}</Text>
              </HStack>
              <HStack justify="space-between">
                <Text>Shipping:</Text>
                <Text>Free</Text>
              </HStack>
              <Separator />
              <HStack justify="space-between" fontWeight="bold" fontSize="lg">
                <Text>Total</Text>
                <Text data-testid="cart-total">{formatRupees(subtotal)}</Text>
              </HStack>
              <Button colorPalette="brand" size="lg" onClick={() => navigate('/shipping')}>
                Proceed to Checkout
              </Button>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Grid>
    </Stack>
  );
}

function CartLineRow({ line }: { line: CartItem }) {
  const { setQuantity, removeFromCart } = cartStore.getState();
  // Sold out, or deleted since it was added (the saved cart of a signed-in shopper keeps such lines).
  const soldOut = line.stock < 1;
  return (
    <Box as="li" borderWidth="1px" rounded="lg" p="4">
      <Grid templateColumns="5rem minmax(0, 1fr)" gap="4" alignItems="center">
        <ProductImage src={line.image} alt={line.name} ratio={1} width={80} />
        <Stack gap="2">
          <HStack justify="space-between" align="start" gap="2">
            <Link asChild fontWeight="semibold" lineClamp={2}>
              <RouterLink to={`/product/${line.product}`}>{line.name}</RouterLink>
            </Link>
            <IconButton
              aria-label={`Remove ${line.name} from the cart`}
              size="sm"
              variant="ghost"
              colorPalette="red"
              onClick={() => removeFromCart(line.product)}
            >
              <Trash2 aria-hidden="true" />
            </IconButton>
          </HStack>
          {soldOut && (
            // Kept, not dropped: the shopper sees what happened to it (it may come back in stock).
            <Text color="fg.error" fontSize="sm">
              Out of stock: it will be removed from your cart at checkout.
            </Text>
          )}
          {/* Columns, not a row spaced by its contents: the steppers of every line stand in one place,
              whatever the width of the prices beside them (a row moved them by the price's width). On a
              phone the stepper has its own line. */}
          <Grid
            templateColumns={{ base: '1fr auto', sm: 'minmax(0, 1fr) auto minmax(0, 1fr)' }}
            alignItems="center"
            gap="3"
          >
            <Text color="fg.muted">{formatRupees(line.price)}</Text>
            <Box gridRow={{ base: '2', sm: 'auto' }} gridColumn={{ base: '1 / -1', sm: 'auto' }}>
              <QuantityStepper
                value={line.quantity}
                max={line.stock}
                disabled={soldOut}
                onChange={(quantity) => setQuantity(line.product, quantity)}
                label={`Quantity of ${line.name}`}
              />
            </Box>
            <Text fontWeight="semibold" textAlign="end">
              {formatRupees(line.price * line.quantity)}
            </Text>
          </Grid>
        </Stack>
      </Grid>
    </Box>
  );
}

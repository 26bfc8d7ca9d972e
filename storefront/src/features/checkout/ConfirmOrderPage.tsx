import { useCurrentUser } from '@shop/shared-auth';
import { useCartItems, useShippingInfo } from '@shop/shared-cart';
import { Alert, Button, Grid, Heading, Link, Stack, Text, usePageTitle } from '@shop/shared-ui';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { OrderLines } from '../../components/OrderLines.tsx';
import { priceCart } from '../../lib/price-cart.ts';
import { CheckoutSteps } from './CheckoutSteps.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { saveOrderInfo } from './order-info.ts';
import { useCurrentPrices } from './use-current-prices.ts';

/** `/order/confirm`: the address, the lines and the figures the shopper is about to pay. */
export default function ConfirmOrderPage() {
  usePageTitle('Confirm Order');
  const { user } = useCurrentUser();
  const lines = useCartItems();
  const shippingInfo = useShippingInfo();
  const navigate = useNavigate();
  const { checking, changes } = useCurrentPrices();

  if (!shippingInfo) return <Navigate to="/shipping" replace />;
  if (lines.length === 0 && !checking) return <Navigate to="/cart" replace />;

  const price = priceCart(lines);
  const proceed = () => {
    const { amountPaise: _paid, ...orderInfo } = price;
    saveOrderInfo(orderInfo);
    navigate('/process/payment');
  };
  const address = [
    shippingInfo.address,
    shippingInfo.city,
    shippingInfo.state,
    shippingInfo.pinCode,
    shippingInfo.country,
  ].join(', ');

  return (
    <Stack pb="10">
      <CheckoutSteps current={1} />
      <Heading as="h1" size="xl" mb="4">
        Confirm Order
      </Heading>
      {changes.length > 0 ? (
        <Alert.Root status="info" mb="4">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your cart was updated to today’s prices and stock</Alert.Title>
            <Alert.Description>
              <Stack as="ul" gap="0" ps="4">
                {changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 20rem' }} gap="8" alignItems="start">
        <Stack gap="8">
          <Stack as="section" gap="2" aria-labelledby="shipping-heading">
            <Heading as="h2" id="shipping-heading" size="md">
              Shipping Info
            </Heading>
            <Text>
              <Text as="span" fontWeight="semibold">
                Name:
              </Text>{' '}
              {user?.name}
            </Text>
            <Text>
              <Text as="span" fontWeight="semibold">
                Phone:
              </Text>{' '}
              {shippingInfo.phoneNo}
            </Text>
            <Text>
              <Text as="span" fontWeight="semibold">
                Address:
              </Text>{' '}
              {address}
            </Text>
            <Link asChild fontSize="sm" color="brand.fg" alignSelf="start">
              <RouterLink to="/shipping">Change address</RouterLink>
            </Link>
          </Stack>
          <Stack as="section" gap="3" aria-labelledby="items-heading">
            <Heading as="h2" id="items-heading" size="md">
              Your Cart Items
            </Heading>
            <OrderLines lines={lines} label="Your cart items" />
          </Stack>
        </Stack>
        <OrderSummary price={price}>
          <Button
            colorPalette="brand"
            size="lg"
            onClick={proceed}
            loading={checking}
            loadingText="Checking prices"
          >
            Proceed To Payment
          </Button>
        </OrderSummary>
      </Grid>
    </Stack>
  );
}

import { myOrdersQuery, PAYMENT_METHOD_LABELS, type Order } from '@shop/shared-api';
import {
  Button,
  Card,
  EmptyState,
  ErrorAlert,
  formatLongDate,
  formatRupees,
  Grid,
  Heading,
  HStack,
  OrderStatusBadge,
  PaymentStatusBadge,
  RefundBadge,
  Skeleton,
  Stack,
  Text,
  usePageTitle,
} from '@shop/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

const itemCount = (order: Order) => order.orderItems.reduce((sum, item) => sum + item.quantity, 0);

/** `/orders/me`: the shopper's orders, newest first, each with View Details. */
export default function MyOrdersPage() {
  usePageTitle('My Orders');
  const orders = useQuery(myOrdersQuery());
  return (
    <Stack py="8" gap="6">
      <Heading as="h1" size="2xl">
        My Orders
      </Heading>
      {orders.isPending ? (
        <OrdersSkeleton />
      ) : orders.isError ? (
        <ErrorAlert message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>No orders found</EmptyState.Title>
            <Button asChild colorPalette="brand">
              <Link to="/products">View Products</Link>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack as="ul" listStyleType="none" gap="4" aria-label="Your orders, newest first">
          {[...orders.data]
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
            .map((order) => (
              <OrderCard key={order._id} order={order} />
            ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One order as a card: it reads on a phone as well as on a desktop, where a wide table would not. */
function OrderCard({ order }: { order: Order }) {
  const items = itemCount(order);
  return (
    <Card.Root as="li" size="sm">
      <Card.Body>
        <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) auto' }} gap="3" alignItems="center">
          <Stack gap="2" minW="0">
            <HStack gap="3" wrap="wrap">
              <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
                Order #{order._id}
              </Text>
              {/* The badges wrap as one: on a phone a short status kept beside the number split them. */}
              <HStack gap="2">
                <OrderStatusBadge status={order.orderStatus} />
                <PaymentStatusBadge status={order.paymentInfo.status} />
                <RefundBadge refunded={order.refundedPrice} total={order.totalPrice} />
              </HStack>
            </HStack>
            <HStack gap="4" wrap="wrap" fontSize="sm" color="fg.muted">
              <Text>{formatLongDate(order.createdAt)}</Text>
              <Text>
                {items} {items === 1 ? 'item' : 'items'}
              </Text>
              <Text>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</Text>
              <Text>
                {order.shippingInfo.address}, {order.shippingInfo.city}
              </Text>
            </HStack>
          </Stack>
          <HStack gap="4" justify={{ base: 'space-between', md: 'end' }}>
            <Text fontWeight="bold" fontSize="lg">
              {formatRupees(order.totalPrice)}
            </Text>
            <Button asChild size="sm" variant="outline" colorPalette="brand">
              <Link to={`/order/${order._id}`} aria-label={`View details of order ${order._id}`}>
                View Details
              </Link>
            </Button>
          </HStack>
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}

function OrdersSkeleton() {
  return (
    <Stack gap="4" aria-busy="true" aria-label="Loading your orders">
      {Array.from({ length: 3 }, (_, index) => (
        <Stack key={index} gap="2" borderWidth="1px" rounded="md" p="4">
          <Skeleton h="5" w="70%" />
          <Skeleton h="4" w="50%" />
          <Skeleton h="6" w="25%" alignSelf="end" />
        </Stack>
      ))}
    </Stack>
  );
}

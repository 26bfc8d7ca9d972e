import { myOrdersQuery, type Order } from '@shop/shared-api';
import {
  Button,
  EmptyState,
  ErrorAlert,
  formatLongDate,
  formatRupees,
  Heading,
  HStack,
  OrderStatusBadge,
  PaymentStatusBadge,
  Skeleton,
  Stack,
  Table,
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
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" interactive>
            <Table.Caption>Your orders, newest first</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">Order ID</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Date</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Status</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Payment</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  Items
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  Total
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Ship to</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {[...orders.data]
                .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
                .map((order) => (
                  <Table.Row key={order._id}>
                    <Table.Cell fontFamily="mono" fontSize="xs">
                      {order._id}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatLongDate(order.createdAt)}</Table.Cell>
                    <Table.Cell>
                      <OrderStatusBadge status={order.orderStatus} />
                    </Table.Cell>
                    <Table.Cell>
                      <PaymentStatusBadge status={order.paymentInfo.status} />
                    </Table.Cell>
                    <Table.Cell textAlign="end">{itemCount(order)}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatRupees(order.totalPrice)}
                    </Table.Cell>
                    <Table.Cell>
                      {order.shippingInfo.address}, {order.shippingInfo.city}
                    </Table.Cell>
                    <Table.Cell>
                      <Button asChild size="xs" variant="outline" colorPalette="brand">
                        <Link to={`/order/${order._id}`} aria-label={`View details of order ${order._id}`}>
                          View Details
                        </Link>
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

function OrdersSkeleton() {
  return (
    <Stack gap="2" aria-busy="true" aria-label="Loading your orders">
      <Skeleton h="8" />
      {Array.from({ length: 4 }, (_, index) => (
        <HStack key={index} gap="4">
          <Skeleton h="6" flex="3" />
          <Skeleton h="6" flex="2" />
          <Skeleton h="6" flex="1" />
          <Skeleton h="6" flex="1" />
          <Skeleton h="6" flex="2" />
        </HStack>
      ))}
    </Stack>
  );
}

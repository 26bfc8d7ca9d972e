import { ApiError, orderQuery, PAYMENT_METHOD_LABELS, type Order, isObjectId } from '@shop/shared-api';
import {
  Box,
  Card,
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
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { NotFoundState } from '../../components/NotFoundState.tsx';
import { OrderLines } from '../../components/OrderLines.tsx';
import { CancelOrderButton } from './CancelOrderButton.tsx';
import { InvoiceButton } from './InvoiceButton.tsx';
import { ShipmentInfo } from './ShipmentInfo.tsx';

/** `/order/:id`: one of the shopper's orders. Someone else's order is 'not found', with none of its data. */
export default function OrderDetailsPage() {
  const { id = '' } = useParams();
  const wellFormed = isObjectId(id);
  const order = useQuery({ ...orderQuery(id), enabled: wellFormed });
  usePageTitle('Order Details');

  const missing =
    order.isError && order.error instanceof ApiError && [400, 403, 404].includes(order.error.status);
  if (!wellFormed || missing)
    return <NotFoundState title="Order not found" linkTo="/orders/me" linkLabel="My Orders" />;
  if (order.isPending) return <OrderSkeleton />;
  if (order.isError) {
    return (
      <Box py="10">
        <ErrorAlert message={order.error.message} onRetry={() => void order.refetch()} />
      </Box>
    );
  }
  return <OrderDetails order={order.data} />;
}

function OrderDetails({ order }: { order: Order }) {
  const { shippingInfo: ship } = order;
  return (
    <Stack py="8" gap="6">
      <Stack gap="1">
        <Heading as="h1" size="xl" wordBreak="break-all">
          Order #{order._id}
        </Heading>
        <Text color="fg.muted">Placed on {formatLongDate(order.createdAt)}</Text>
      </Stack>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
        <Section title="Shipping Info">
          <Text>
            <Text as="span" fontWeight="semibold">
              Name:
            </Text>{' '}
            {order.user.name}
          </Text>
          <Text>
            <Text as="span" fontWeight="semibold">
              Phone:
            </Text>{' '}
            {ship.phoneNo}
          </Text>
          <Text>
            <Text as="span" fontWeight="semibold">
              Address:
            </Text>{' '}
            {[ship.address, ship.city, ship.state, ship.pinCode, ship.country].join(', ')}
          </Text>
        </Section>
        <Section title="Payment">
          <HStack gap="2" wrap="wrap">
            <PaymentStatusBadge status={order.paymentInfo.status} />
            <RefundBadge refunded={order.refundedPrice} total={order.totalPrice} />
          </HStack>
          {order.refundedPrice > 0 ? (
            <Text>
              <Text as="span" fontWeight="semibold">
                Refunded:
              </Text>{' '}
              {formatRupees(order.refundedPrice)}
            </Text>
          ) : null}
          <Text>
            <Text as="span" fontWeight="semibold">
              Amount:
            </Text>{' '}
            {formatRupees(order.totalPrice)}
          </Text>
          <Text>
            <Text as="span" fontWeight="semibold">
              Method:
            </Text>{' '}
            {PAYMENT_METHOD_LABELS[order.paymentMethod]}
          </Text>
          <InvoiceButton order={order} />
        </Section>
        <Section title="Order Status">
          <OrderStatusBadge status={order.orderStatus} />
          {order.cancelledAt ? <Text>Cancelled on {formatLongDate(order.cancelledAt)}</Text> : null}
          {order.shipment ? <ShipmentInfo shipment={order.shipment} /> : null}
          {order.deliveredAt ? <Text>Delivered on {formatLongDate(order.deliveredAt)}</Text> : null}
          <CancelOrderButton order={order} />
        </Section>
      </Grid>
      <Stack as="section" gap="3" aria-labelledby="order-items-heading">
        <Heading as="h2" id="order-items-heading" size="md">
          Order Items
        </Heading>
        <OrderLines lines={order.orderItems} label="Order items" />
        <HStack justify="end" gap="6" fontSize="sm" color="fg.muted" wrap="wrap">
          <Text>Subtotal {formatRupees(order.itemsPrice)}</Text>
          <Text>Shipping {formatRupees(order.shippingPrice)}</Text>
          <Text>GST {formatRupees(order.taxPrice)}</Text>
          <Text fontWeight="bold" color="fg" fontSize="md">
            Total {formatRupees(order.totalPrice)}
          </Text>
        </HStack>
      </Stack>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" size="sm">
      <Card.Body>
        <Stack gap="2" align="start">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function OrderSkeleton() {
  return (
    <Stack py="8" gap="6" aria-busy="true" aria-label="Loading the order">
      <Skeleton h="8" w="70%" />
      <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
        <Skeleton h="32" />
        <Skeleton h="32" />
        <Skeleton h="32" />
      </Grid>
      <Skeleton h="20" />
      <Skeleton h="20" />
    </Stack>
  );
}

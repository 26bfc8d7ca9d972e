import { orderQuery, PAYMENT_METHOD_LABELS, type Order } from '@shop/shared-api';
import {
  Box,
  Button,
  Card,
  DataList,
  Flex,
  formatLongDate,
  formatRupees,
  Grid,
  Heading,
  HStack,
  OrderStatusBadge,
  PaymentStatusBadge,
  ProductImage,
  Separator,
  Skeleton,
  Stack,
  Text,
} from '@shop/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadError } from '../../components/ListStates.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { InvoiceDownload } from './InvoiceDownload.tsx';
import { OrderPayments } from './OrderPayments.tsx';
import { ProcessOrderForm } from './ProcessOrderForm.tsx';
import { shortId } from './order-rules.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Heading as="h2" size="md" mb="3">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const { shippingInfo: ship } = order;
  return (
    // minmax(0, …): a column no wider than the screen whatever its content (a plain 1fr grows to fit it).
    <Grid
      templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
      gap="6"
      alignItems="start"
    >
      <Stack gap="6">
        <Section title="Shipping Info">
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel>Name</DataList.ItemLabel>
              <DataList.ItemValue>{order.user.name}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Phone</DataList.ItemLabel>
              <DataList.ItemValue>{ship.phoneNo}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Address</DataList.ItemLabel>
              <DataList.ItemValue>
                {`${ship.address}, ${ship.city}, ${ship.state}, ${ship.pinCode}, ${ship.country}`}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Section>
        <Section title="Payment">
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel>Status</DataList.ItemLabel>
              <DataList.ItemValue>
                <PaymentStatusBadge status={order.paymentInfo.status} />
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Method</DataList.ItemLabel>
              <DataList.ItemValue>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Amount</DataList.ItemLabel>
              <DataList.ItemValue fontWeight="semibold">{formatRupees(order.totalPrice)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Placed</DataList.ItemLabel>
              <DataList.ItemValue>{formatLongDate(order.createdAt)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Invoice</DataList.ItemLabel>
              <DataList.ItemValue>
                <InvoiceDownload order={order} />
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Section>
        <Section title="Order Status">
          <HStack gap="3">
            <OrderStatusBadge status={order.orderStatus} />
            {order.deliveredAt ? (
              <Text fontSize="sm" color="fg.muted">
                Delivered on {formatLongDate(order.deliveredAt)}
              </Text>
            ) : null}
            {order.cancelledAt ? (
              <Text fontSize="sm" color="fg.muted">
                Cancelled on {formatLongDate(order.cancelledAt)}
              </Text>
            ) : null}
          </HStack>
          {order.shipment ? (
            <Text fontSize="sm" mt="2">
              Shipped on {formatLongDate(order.shipment.shippedAt)}
              {order.shipment.carrier ? ` with ${order.shipment.carrier}` : ''}
              {order.shipment.trackingNumber ? `, tracking number ${order.shipment.trackingNumber}` : ''}
            </Text>
          ) : null}
        </Section>
        <Section title="Order Items">
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" separator={<Separator />}>
            {order.orderItems.map((item, index) => (
              <Flex as="li" key={`${item.product}-${index}`} gap="3" align="center">
                <Box w="16" flexShrink={0}>
                  <ProductImage src={item.image} alt={item.name} width={64} />
                </Box>
                {/* The sum sits beside the name only where both fit (xl); elsewhere it goes under it. Beside
                    it on a phone, it left the name one word a line and pushed the card past the screen. */}
                <Flex
                  flex="1"
                  minW="0"
                  direction={{ base: 'column', xl: 'row' }}
                  align={{ base: 'start', xl: 'center' }}
                  gap={{ base: '1', xl: '3' }}
                >
                  <Box asChild flex={{ xl: '1' }} minW="0">
                    <Link to={`/product/${item.product}`}>
                      <Text fontWeight="medium" overflowWrap="anywhere">
                        {item.name}
                      </Text>
                    </Link>
                  </Box>
                  <Text whiteSpace={{ xl: 'nowrap' }}>
                    {item.quantity} × {formatRupees(item.price)} ={' '}
                    <Text as="span" fontWeight="semibold">
                      {formatRupees(item.quantity * item.price)}
                    </Text>
                  </Text>
                </Flex>
              </Flex>
            ))}
          </Stack>
        </Section>
      </Stack>
      <Stack gap="6">
        <ProcessOrderForm order={order} />
        <OrderPayments order={order} />
      </Stack>
    </Grid>
  );
}

function OrderSkeleton() {
  return (
    <Grid
      templateColumns={{ base: '1fr', lg: '2fr 1fr' }}
      gap="6"
      role="status"
      aria-label="Loading the order"
    >
      <Stack gap="6">
        {[1, 2, 3].map((card) => (
          <Skeleton key={card} h="32" rounded="md" />
        ))}
      </Stack>
      <Skeleton h="40" rounded="md" />
    </Grid>
  );
}

/** /admin/order/{id}: shipping, payment, status, items and the Process Order form. */
export function OrderPage() {
  const { id = '' } = useParams();
  const order = useQuery(orderQuery(id));
  return (
    <>
      <PageHeader title={`Order ${shortId(id)}`}>
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/orders">
            <ArrowLeft size={16} aria-hidden="true" /> Orders
          </Link>
        </Button>
      </PageHeader>
      {order.isError ? (
        <LoadError error={order.error} onRetry={() => void order.refetch()} />
      ) : order.data ? (
        <OrderDetails order={order.data} />
      ) : (
        <OrderSkeleton />
      )}
    </>
  );
}

import type { PaymentsConfig } from '@shop/shared-contract';
import { useCurrentUser } from '@shop/shared-auth';
import { useCartItems, useShippingInfo } from '@shop/shared-cart';
import {
  Card,
  ErrorAlert,
  formatRupees,
  Grid,
  Heading,
  PageProgress,
  Skeleton,
  Stack,
  Text,
  usePageTitle,
} from '@shop/shared-ui';
import type { PaymentMethod } from '@shop/shared-api';
import { lazy, Suspense, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { OrderLines } from '../../components/OrderLines.tsx';
import { priceCart } from '../../lib/price-cart.ts';
import { CheckoutSteps } from './CheckoutSteps.tsx';
import { LocalCardForm } from './LocalCardForm.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { MethodReasons, PaymentMethodChoice } from './PaymentMethodChoice.tsx';
import { readOrderInfo } from './order-info.ts';
import { readPendingPayment } from './pending-payment.ts';
import { readPendingUpi } from './upi/pending-upi.ts';
import { useCheckoutPayment } from './use-checkout-payment.ts';
import { usePaymentMethods } from './use-payment-methods.ts';

// Stripe's field (and Stripe.js) only when config.json names Stripe, and only on this page.
const StripeCardForm = lazy(() => import('./StripeCardForm.tsx'));
// The other methods' code loads with their first use (a pointer or focus on them starts it), never with
// the card's first state (docs/performance.md, issue 25).
const loadCashOnDelivery = () => import('./CashOnDeliveryPanel.tsx');
const CashOnDeliveryPanel = lazy(loadCashOnDelivery);
const loadUpi = () => import('./upi/UpiPanel.tsx');
const UpiPanel = lazy(loadUpi);
// With Razorpay's key in config.json, UPI (and net banking, wallets) is paid in Razorpay's checkout.
const loadRazorpay = () => import('./razorpay/RazorpayPanel.tsx');
const RazorpayPanel = lazy(loadRazorpay);

/** The heading of each method's panel: the card's is the spec's 'Card Info'. */
const HEADINGS: Record<PaymentMethod, string> = {
  card: 'Card Info',
  upi: 'Pay by UPI',
  cod: 'Cash on delivery',
};

/**
 * `/process/payment`: 'Card Info', the provider's card field and Pay labelled with the total (the spec's
 * screen, its first state), and the other methods the api offers for this order.
 */
export default function PaymentPage({ payments }: { payments: PaymentsConfig }) {
  usePageTitle('Payment');
  const { user } = useCurrentUser();
  const lines = useCartItems();
  const price = priceCart(lines);
  const payment = useCheckoutPayment(price.amountPaise);
  const confirmed = readOrderInfo();
  const offers = usePaymentMethods(price.amountPaise, String(useShippingInfo()?.pinCode ?? '') || undefined);
  // Back after a reload with a UPI payment under way: UPI again, to follow it.
  const [chosen, setChosen] = useState<PaymentMethod>(() => (readPendingUpi() ? 'upi' : 'card'));
  const panelLoaders: Partial<Record<PaymentMethod, () => Promise<unknown>>> = {
    cod: loadCashOnDelivery,
    upi: payments.razorpayKeyId ? loadRazorpay : loadUpi,
  };
  // A method the api stops offering (the cart changed) falls back to the card.
  const method = offers.some((offer) => offer.method === chosen && offer.available) ? chosen : 'card';

  if (payment.placed) return <PageProgress label="Opening your order" />;
  // The figures the shopper confirmed must be the cart's (another tab may have changed it since).
  const resuming = Boolean(readPendingPayment()?.succeededIntentId);
  if (
    !resuming &&
    (lines.length === 0 || !confirmed || Math.round(confirmed.totalPrice * 100) !== price.amountPaise)
  ) {
    return <Navigate to={lines.length === 0 ? '/cart' : '/order/confirm'} replace />;
  }

  const cardProps = {
    payLabel: `Pay - ${formatRupees(price.totalPrice)}`,
    busy: payment.busy,
    billing: { name: user?.name ?? '', email: user?.email ?? '' },
    onPay: payment.pay,
  };
  return (
    <Stack pb="10">
      <CheckoutSteps current={2} />
      {/* The card field first (the spec's screen), the figures it charges beside it (below, on a phone). */}
      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(0, 28rem) 20rem' }}
        justifyContent="center"
        gap="8"
        alignItems="start"
      >
        <Card.Root w="full" maxW="md" mx="auto">
          <Card.Body>
            <Stack gap="5">
              <Heading as="h1" size="xl">
                {HEADINGS[method]}
              </Heading>
              <PaymentMethodChoice
                offers={offers}
                value={method}
                onChange={setChosen}
                onIntent={(next) => void panelLoaders[next]?.().catch(() => {})}
              />
              {payment.orderFailure ? (
                <ErrorAlert
                  title="Your payment went through, but the order is not placed yet"
                  message={payment.orderFailure}
                  onRetry={() => void payment.retryOrder()}
                />
              ) : null}
              {method === 'upi' && payments.razorpayKeyId ? (
                <Suspense fallback={<Skeleton h="24" aria-label="Loading Razorpay" />}>
                  <RazorpayPanel
                    payLabel={cardProps.payLabel}
                    billing={cardProps.billing}
                    payment={payment}
                  />
                </Suspense>
              ) : method === 'upi' ? (
                <Suspense fallback={<Skeleton h="32" aria-label="Loading UPI" />}>
                  <UpiPanel
                    payLabel={cardProps.payLabel}
                    testMode={payments.provider === 'local'}
                    payment={payment}
                  />
                </Suspense>
              ) : method === 'cod' ? (
                <Suspense fallback={<Skeleton h="24" aria-label="Loading cash on delivery" />}>
                  <CashOnDeliveryPanel total={formatRupees(price.totalPrice)} payment={payment} />
                </Suspense>
              ) : payments.provider === 'stripe' ? (
                <Suspense fallback={<Skeleton h="40" aria-label="Loading the card field" />}>
                  <StripeCardForm publishableKey={payments.publishableKey} {...cardProps} />
                </Suspense>
              ) : (
                <>
                  <LocalCardForm {...cardProps} />
                  <Text fontSize="sm" color="fg.muted">
                    Test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined; any future
                    expiry and CVC.
                  </Text>
                </>
              )}
              {/* Why a method is off, below everything: a line added here moves nothing above it. */}
              <MethodReasons offers={offers} />
            </Stack>
          </Card.Body>
        </Card.Root>
        <OrderSummary price={price} before={<OrderLines lines={lines} label="Your order" />} />
      </Grid>
    </Stack>
  );
}

import {
  errorMessage,
  startRazorpayPayment,
  verifyRazorpayPayment,
  type RazorpayCheckout,
} from '@shop/shared-api';
import { Button, Stack, Text, toast } from '@shop/shared-ui';
import { useState } from 'react';
import { currentOrderDraft, PAYMENT_FAILED, type CheckoutPayment } from '../use-checkout-payment.ts';

/** Razorpay's checkout script: fetched only when the shop has Razorpay's key, and only on Pay. */
export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayAnswer {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}
interface RazorpayCheckoutOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  prefill: { name?: string; email?: string; contact?: string };
  handler: (answer: RazorpayAnswer) => void;
  modal: { ondismiss: () => void };
}
declare global {
  interface Window {
    Razorpay?: new (options: RazorpayCheckoutOptions) => {
      open: () => void;
      on: (event: 'payment.failed', listener: (failure: { error: { description?: string } }) => void) => void;
    };
  }
}

let loading: Promise<void> | null = null;
/** Adds checkout.js once; a failed load may be tried again. */
function loadCheckout(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_CHECKOUT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error("Razorpay's checkout could not be loaded; check your connection and try again"));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * UPI (and net banking, wallets, cards) in Razorpay's checkout, when the shop has Razorpay's key: the
 * api creates the Razorpay order for the total it computes, the checkout takes the payment, and its
 * signed answer goes back to the api, which verifies it and places the order. If this tab closes first,
 * Razorpay's webhook places it (the order is in /orders/me).
 */
export default function RazorpayPanel({
  payLabel,
  billing,
  payment,
}: {
  payLabel: string;
  billing: { name: string; email: string };
  payment: CheckoutPayment;
}) {
  const [busy, setBusy] = useState(false);

  const finish = async (checkout: RazorpayCheckout, answer: RazorpayAnswer) => {
    try {
      const verified = await verifyRazorpayPayment({ id: checkout.id, ...answer });
      if (verified.status === 'succeeded') return payment.orderPlaced();
      toast.error(verified.message ?? PAYMENT_FAILED);
    } catch (error) {
      toast.error(errorMessage(error, PAYMENT_FAILED));
    }
    setBusy(false);
  };

  const pay = async () => {
    const draft = currentOrderDraft();
    if (!draft || busy) return;
    setBusy(true);
    try {
      await loadCheckout();
      const checkout = await startRazorpayPayment(draft);
      const razorpay = new window.Razorpay!({
        key: checkout.keyId,
        order_id: checkout.orderId,
        amount: checkout.amount,
        currency: checkout.currency,
        name: 'Shop',
        description: 'Your order',
        prefill: { name: billing.name, email: billing.email, contact: String(draft.shippingInfo.phoneNo) },
        handler: (answer) => void finish(checkout, answer),
        modal: { ondismiss: () => setBusy(false) },
      });
      razorpay.on('payment.failed', (failure) => toast.error(failure.error.description ?? PAYMENT_FAILED));
      razorpay.open();
    } catch (error) {
      toast.error(errorMessage(error, PAYMENT_FAILED));
      setBusy(false);
    }
  };

  return (
    <Stack gap="4">
      <Text>
        Pay by UPI, net banking, a wallet or a card in Razorpay&apos;s secure checkout. The order is placed as
        soon as the payment goes through.
      </Text>
      <Button
        colorPalette="brand"
        size="lg"
        loading={busy}
        loadingText="Opening Razorpay"
        onClick={() => void pay()}
      >
        {payLabel}
      </Button>
    </Stack>
  );
}

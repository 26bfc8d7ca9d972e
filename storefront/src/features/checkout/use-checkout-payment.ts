import {
  ApiError,
  createOrder,
  errorMessage,
  FALLBACK_MESSAGES,
  getMyOrders,
  processPayment,
  queryKeys,
  type ShippingInfoInput,
} from '@shop/shared-api';
import { cartStore } from '@shop/shared-cart';
import { toast } from '@shop/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ConfirmCard } from './card-confirmation.ts';
import { forgetOrderInfo } from './order-info.ts';
import { forgetPendingPayment, readPendingPayment, savePendingPayment } from './pending-payment.ts';
import { forgetPendingUpi } from './upi/pending-upi.ts';

/** docs/product.md (errors): what the shopper reads when a payment does not go through. */
export const PAYMENT_NOT_SUCCEEDED = "There's some issue while processing payment";
export const PAYMENT_FAILED = 'Payment failed';

export interface CheckoutPayment {
  /** Pays with the card field's confirm, then places the order. Ignored while one is under way. */
  pay: (confirmCard: ConfirmCard) => Promise<void>;
  busy: boolean;
  /** The order is placed: the page is on its way to /success (its cart is empty now, and that is fine). */
  placed: boolean;
  /** The payment went through but the order could not be placed yet (network, server down): retry it. */
  orderFailure: string | null;
  retryOrder: () => Promise<void>;
  /**
   * Places the order another way than by card (cash on delivery): `place` sends the cart's lines and
   * address; one at a time, and the same ending as a card's (/success, the cart emptied).
   */
  placeWithout: (place: (draft: OrderDraft) => Promise<unknown>) => Promise<void>;
  /** The server placed the order itself (a UPI payment confirmed): end as a card's order ends. */
  orderPlaced: () => void;
}

/** What the server needs to place an order: the cart's lines and the shipping address. */
export interface OrderDraft {
  orderItems: { product: string; name: string; image: string; price: number; quantity: number }[];
  shippingInfo: ShippingInfoInput;
}

/** The cart's lines and address as the order routes take them; null without an address. */
export function currentOrderDraft(): OrderDraft | null {
  const { cartItems, shippingInfo } = cartStore.getState();
  if (!shippingInfo) return null;
  return {
    orderItems: cartItems.map(({ product, name, image, price, quantity }) => ({
      product,
      name,
      image,
      price,
      quantity,
    })),
    shippingInfo,
  };
}

/**
 * The payment step as one procedure: an intent for the total, the card confirmed by the provider, then
 * the order created with the payment's id and status, the cart emptied and /success. It survives a
 * double click (one at a time) and a reload (see pending-payment.ts).
 */
export function useCheckoutPayment(amountPaise: number): CheckoutPayment {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [orderFailure, setOrderFailure] = useState<string | null>(null);
  const [placed, setPlaced] = useState(false);

  const finish = useCallback(() => {
    forgetPendingPayment();
    // Whichever way the order was placed, no UPI payment is awaited any more (this also keeps the tiny
    // pending-upi module in this hook's chunk: one script fewer on the payment page).
    forgetPendingUpi();
    forgetOrderInfo();
    // The payment page stays on screen while /success loads; with its cart emptied it must not redirect.
    setPlaced(true);
    navigate('/success', { replace: true });
    cartStore.getState().clearCart();
    toast.success('Order Placed Successfully');
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    void queryClient.invalidateQueries({ queryKey: queryKeys.catalog });
  }, [navigate, queryClient]);

  const placeOrder = useCallback(
    async (intentId: string) => {
      const draft = currentOrderDraft();
      if (!draft) return navigate('/shipping', { replace: true });
      try {
        await createOrder({ ...draft, paymentInfo: { id: intentId, status: 'succeeded' } });
      } catch (error) {
        // Placed already? (the answer was lost to a reload or the network.) Then it is in my orders.
        const placed = await getMyOrders().then(
          (orders) => orders.some((order) => order.paymentInfo.id === intentId),
          () => false,
        );
        if (!placed) {
          const message = errorMessage(error, FALLBACK_MESSAGES.createOrder);
          // No answer or a server fault: the paid order can be placed by trying again.
          const retryable = !(error instanceof ApiError && error.status >= 400 && error.status < 500);
          // A refused order (stock ran out) is refunded by the server: the next Pay starts a new payment.
          if (!retryable) forgetPendingPayment();
          setOrderFailure(retryable ? message : null);
          toast.error(message);
          return;
        }
      }
      finish();
    },
    [navigate, finish],
  );

  const oneAtATime = useCallback(async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  const pay = (confirmCard: ConfirmCard) =>
    oneAtATime(async () => {
      try {
        let pending = readPendingPayment();
        if (!pending || pending.amountPaise !== amountPaise) {
          pending = { clientSecret: await processPayment(amountPaise), amountPaise };
          savePendingPayment(pending);
        }
        if (!pending.succeededIntentId) {
          const confirmation = await confirmCard(pending.clientSecret);
          if (confirmation.error) {
            toast.error(confirmation.error.message || PAYMENT_FAILED);
            return;
          }
          if (confirmation.paymentIntent.status !== 'succeeded') {
            toast.error(PAYMENT_NOT_SUCCEEDED);
            return;
          }
          pending = { ...pending, succeededIntentId: confirmation.paymentIntent.id };
          savePendingPayment(pending);
        }
        await placeOrder(pending.succeededIntentId!);
      } catch (error) {
        toast.error(errorMessage(error, PAYMENT_FAILED));
      }
    });

  // Back after a reload with a payment that already succeeded: place its order, do not ask for the card.
  useEffect(() => {
    const pending = readPendingPayment();
    if (pending?.succeededIntentId && pending.amountPaise === amountPaise) {
      void oneAtATime(() => placeOrder(pending.succeededIntentId!));
    }
  }, [amountPaise, oneAtATime, placeOrder]);

  const placeWithout = (place: (draft: OrderDraft) => Promise<unknown>) =>
    oneAtATime(async () => {
      const draft = currentOrderDraft();
      if (!draft) return void navigate('/shipping', { replace: true });
      try {
        await place(draft);
      } catch (error) {
        toast.error(errorMessage(error, FALLBACK_MESSAGES.createOrder));
        return;
      }
      finish();
    });

  return {
    pay,
    placeWithout,
    orderPlaced: finish,
    busy,
    placed,
    orderFailure,
    retryOrder: () =>
      oneAtATime(async () => {
        const pending = readPendingPayment();
        if (pending?.succeededIntentId) await placeOrder(pending.succeededIntentId);
      }),
  };
}

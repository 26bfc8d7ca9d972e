import { getPaymentMethods, PAYMENT_METHODS, type PaymentMethodOffer } from '@shop/shared-api';
import { useQuery } from '@tanstack/react-query';

/**
 * Before the api answers (or if it cannot): every method in its place, the card alone on (the spec's
 * way, always there), so the radios never move when the answer comes.
 */
const CARD_ONLY: PaymentMethodOffer[] = PAYMENT_METHODS.map((method) => ({
  method,
  available: method === 'card',
}));

/** The methods the server would take for this total and pin code (`GET /payment/methods`). */
export function usePaymentMethods(amountPaise: number, pinCode: string | undefined): PaymentMethodOffer[] {
  const offers = useQuery({
    queryKey: ['payment-methods', amountPaise, pinCode ?? ''],
    queryFn: () => getPaymentMethods(amountPaise, pinCode),
    staleTime: 30_000,
    retry: 1,
  });
  return offers.data?.some((offer) => offer.method === 'card') ? offers.data : CARD_ONLY;
}

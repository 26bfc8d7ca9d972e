import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Box, Button, ErrorAlert, Field, Stack, Text } from '@shop/shared-ui';
import { useEffect, useState, type FormEvent } from 'react';
import type { CardConfirmation } from './card-confirmation.ts';
import type { CardFormProps } from './card-form-props.ts';
import { PAYMENT_FAILED } from './use-checkout-payment.ts';

// One Stripe.js per publishable key. The pure entry fetches Stripe.js from js.stripe.com only when this
// is called, and this module is its own chunk, loaded only on /process/payment when config.json names Stripe.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe Elements' card field, when config.json's payments provider is Stripe. */
export default function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    stripeFor(publishableKey).then(
      (stripe) => setUnavailable(!stripe),
      () => setUnavailable(true),
    );
  }, [publishableKey]);
  if (unavailable) {
    return (
      <ErrorAlert
        message="Card payments are unavailable right now: the card provider could not be reached."
        onRetry={() => window.location.reload()}
      />
    );
  }
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCard {...props} />
    </Elements>
  );
}

function StripeCard({ payLabel, busy, billing, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    await onPay(async (clientSecret): Promise<CardConfirmation> => {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billing },
      });
      // Confirming again an intent that already succeeded (a reload mid-payment) is not a second charge.
      const intent = result.paymentIntent ?? result.error?.payment_intent;
      if (intent?.status === 'succeeded') return { paymentIntent: { id: intent.id, status: intent.status } };
      if (result.error) return { error: { message: result.error.message ?? PAYMENT_FAILED } };
      return { paymentIntent: { id: result.paymentIntent.id, status: result.paymentIntent.status } };
    });
  };

  return (
    <Stack asChild gap="4">
      <form onSubmit={submit} noValidate aria-label="Card Info">
        <Field.Root invalid={Boolean(fieldError)}>
          <Field.Label>Card</Field.Label>
          <Box w="full" borderWidth="1px" rounded="md" px="3" py="2.5" data-testid="stripe-card">
            <CardElement
              options={{ hidePostalCode: true }}
              onChange={(change) => {
                setComplete(change.complete);
                setFieldError(change.error?.message ?? null);
              }}
            />
          </Box>
          <Field.ErrorText>{fieldError}</Field.ErrorText>
        </Field.Root>
        {!stripe ? (
          <Text fontSize="sm" color="fg.muted" role="status">
            Loading the card field…
          </Text>
        ) : null}
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          disabled={!stripe || !complete}
          loading={busy}
          loadingText="Processing payment"
        >
          {payLabel}
        </Button>
      </form>
    </Stack>
  );
}

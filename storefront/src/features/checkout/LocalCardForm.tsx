import { confirmLocalCardPayment, errorMessage } from '@shop/shared-api';
import { Button, FormField, Grid, Input, Stack, useShopForm } from '@shop/shared-ui';
import type { ChangeEvent } from 'react';
import { schemaOnUse } from '../../lib/schema-on-use.ts';
import type { CardFormProps } from './card-form-props.ts';
import { PAYMENT_FAILED } from './use-checkout-payment.ts';

// The contract's card rules, downloaded (with zod) when the shopper first focuses the form or reaches for
// Pay, not with the payment page (docs/performance.md, round 6).
const cardSchema = schemaOnUse(() =>
  import('@shop/shared-api/schemas').then((schemas) => schemas.paymentConfirmRequestSchema.shape.card),
);
const prepareCardSchema = () => void cardSchema.load().catch(() => {});

/** '4242424242424242' as '4242 4242 4242 4242' while it is typed. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** '1230' as '12/30' while it is typed. */
const monthSlashYear = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * The local test gateway's card field (ARCHITECTURE.md startup contract): Card number, Expiry (MM/YY),
 * CVC. The card goes to the gateway's confirm call only, never anywhere else.
 */
export function LocalCardForm({ payLabel, busy, billing, onPay }: CardFormProps) {
  const form = useShopForm({
    schema: cardSchema,
    initialValues: { number: '', expiry: '', cvc: '' },
    describeFailure: (error) => errorMessage(error, PAYMENT_FAILED),
    onSubmit: (card) =>
      onPay(async (clientSecret) => {
        try {
          const { paymentIntent } = await confirmLocalCardPayment({
            client_secret: clientSecret,
            card,
            billing_details: billing,
          });
          return { paymentIntent };
        } catch (error) {
          // A decline is the provider's answer, said as Stripe.js says it: an error with a message.
          return { error: { message: errorMessage(error, PAYMENT_FAILED) } };
        }
      }),
  });
  const typed = (name: 'number' | 'expiry', format: (value: string) => string) => ({
    ...form.field(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.setValue(name, format(event.target.value)),
  });
  return (
    <Stack asChild gap="4">
      <form
        onSubmit={form.handleSubmit}
        onFocus={prepareCardSchema}
        onPointerDown={prepareCardSchema}
        noValidate
        aria-label="Card Info"
      >
        <FormField label="Card number" error={form.errors.number} required>
          <Input
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            {...typed('number', groupDigits)}
          />
        </FormField>
        <Grid templateColumns="1fr 1fr" gap="4">
          <FormField label="Expiry" error={form.errors.expiry} required helperText="MM/YY">
            <Input
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={5}
              {...typed('expiry', monthSlashYear)}
            />
          </FormField>
          <FormField label="CVC" error={form.errors.cvc} required>
            <Input
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              {...form.field('cvc')}
            />
          </FormField>
        </Grid>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          loading={busy || form.busy}
          loadingText="Processing payment"
        >
          {payLabel}
        </Button>
      </form>
    </Stack>
  );
}

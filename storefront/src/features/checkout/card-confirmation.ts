/**
 * What a card provider answers when the browser confirms a payment, in Stripe's shape
 * (`confirmCardPayment`), which the local test gateway mirrors: an intent, or an error with a message.
 */
export type CardConfirmation =
  | { paymentIntent: { id: string; status: string }; error?: undefined }
  | { error: { message?: string | undefined }; paymentIntent?: undefined };

/** Confirms the intent behind `clientSecret` with the card the shopper entered. */
export type ConfirmCard = (clientSecret: string) => Promise<CardConfirmation>;

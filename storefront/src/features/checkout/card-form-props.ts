import type { ConfirmCard } from './card-confirmation.ts';

/** What the payment page gives either card field (the local gateway's or Stripe's). */
export interface CardFormProps {
  /** 'Pay - ₹1,380.00'. */
  payLabel: string;
  /** A payment is under way: the Pay button is disabled until it ends. */
  busy: boolean;
  /** The spec's billing details: the shopper's name and email. */
  billing: { name: string; email: string };
  onPay: (confirmCard: ConfirmCard) => Promise<void>;
}

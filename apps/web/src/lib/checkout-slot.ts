import type { PaymentChoice } from '@podpot/domain';
import type { ComponentType } from 'react';

/**
 * The checkout block as the features that take a payment (ordering a tip jar, a tip, a monthly tip's
 * new mandate) see it. Features may not import each other, so such a feature takes the block as a
 * `checkout` prop and the page that composes it passes features/paymentmethods' CheckoutBlock.
 */
export interface CheckoutProps {
  /** Amount to pay, in cents; shown on the AFREKENEN button as euros with 2 decimals. */
  amountCents: number;
  /** The current choice (controlled). An empty `paymentmethod` gets the first method preselected. */
  value: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
  /** Called on AFREKENEN. Leave out to make the button a `type="submit"` of the surrounding form. */
  onSubmit?: () => void;
  /** True while the surrounding form is invalid: AFREKENEN is disabled. */
  invalid?: boolean;
  /** True while submitting: AFREKENEN is disabled and a progress bar shows. */
  loading?: boolean;
  /** An error text shown above the button (e.g. the payment provider failed). */
  error?: string | null;
  /** Heading; defaults to 'Betalen'. */
  title?: string;
}

export type CheckoutComponent = ComponentType<CheckoutProps>;

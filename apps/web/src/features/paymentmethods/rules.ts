import type { PaymentChoice, PaymentMethod } from '@podpot/domain';

/** The checkout block's choice rules (docs/product.md §4), tested on their own (rules.test.ts). */

/** The rule: the first available method is preselected when none is chosen (docs/product.md §4). */
export function withDefaultMethod(choice: PaymentChoice, methods: readonly PaymentMethod[]): PaymentChoice {
  if (choice.paymentmethod && methods.some((method) => method.id === choice.paymentmethod)) return choice;
  const first = methods[0];
  return first ? { paymentmethod: first.id, paymentissuer: '' } : choice;
}

/** Choosing a method: a non-ideal method clears the issuer (docs/product.md §4). */
export function choose(method: PaymentMethod, choice: PaymentChoice): PaymentChoice {
  return {
    paymentmethod: method.id,
    paymentissuer: method.type === 'ideal' && method.id === choice.paymentmethod ? choice.paymentissuer : '',
  };
}

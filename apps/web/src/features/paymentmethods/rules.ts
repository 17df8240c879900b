import type { PaymentChoice, PaymentMethod } from '@podpot/domain';

/** The checkout block's choice rules (spec §4), tested on their own (rules.test.ts). */

/** The spec's rule: the first available method is preselected when none is chosen (spec §4). */
export function withDefaultMethod(choice: PaymentChoice, methods: readonly PaymentMethod[]): PaymentChoice {
  if (choice.paymentmethod && methods.some((method) => method.id === choice.paymentmethod)) return choice;
  const first = methods[0];
  return first ? { paymentmethod: first.id, paymentissuer: '' } : choice;
}

/** Choosing a method: a non-ideal method clears the issuer (spec §4). */
export function choose(method: PaymentMethod, choice: PaymentChoice): PaymentChoice {
  return {
    paymentmethod: method.id,
    paymentissuer: method.type === 'ideal' && method.id === choice.paymentmethod ? choice.paymentissuer : '',
  };
}

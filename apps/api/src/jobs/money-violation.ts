import type { MoneyCheckInvariant } from '@podpot/domain';

/** One broken money rule the money check found: which rule, about what, and what it saw. */
export interface MoneyViolation {
  invariant: MoneyCheckInvariant;
  subject: string;
  detail: string;
}

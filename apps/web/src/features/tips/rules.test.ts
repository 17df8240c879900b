import { describe, expect, it } from 'vitest';
import { refundableOf, refundCentsOf, refundFormSchema } from './rules';

describe('refund form rules', () => {
  const keyOf = (values: Record<string, string>) =>
    refundFormSchema(750)
      .safeParse(values)
      .error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('takes all that is left, or a part of at most that in euros', () => {
    expect(keyOf({ mode: 'full', amount: '', reason: 'Mistake' })).toBeUndefined();
    expect(keyOf({ mode: 'partial', amount: '7,50', reason: 'Mistake' })).toBeUndefined();
    expect(keyOf({ mode: 'partial', amount: '7.51', reason: 'Mistake' })).toEqual([['amount', 'refundTooLarge']]);
    expect(keyOf({ mode: 'partial', amount: '', reason: 'Mistake' })).toEqual([['amount', 'required']]);
    expect(keyOf({ mode: 'partial', amount: 'abc', reason: 'Mistake' })).toEqual([['amount', 'format']]);
    expect(keyOf({ mode: 'full', amount: '', reason: '  ' })).toEqual([['reason', 'required']]);
    expect(refundCentsOf({ mode: 'partial', amount: '2,50', reason: 'x' }, 750)).toBe(250);
    expect(refundCentsOf({ mode: 'full', amount: '', reason: 'x' }, 750)).toBe(750);
  });

  it('only a paid tip has something left to refund', () => {
    expect(refundableOf({ amount: 1000, refundedAmount: 250, status: 'completed' })).toBe(750);
    expect(refundableOf({ amount: 1000, refundedAmount: 1000, status: 'refunded' })).toBe(0);
    expect(refundableOf({ amount: 1000, refundedAmount: 0, status: 'pending' })).toBe(0);
  });
});

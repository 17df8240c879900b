import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { refundableOf, refundCentsOf, refundFormSchema, refundStage } from './rules';

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

describe("a refund's stage in the tip's refund list", () => {
  it('tells unanswered, being paid out, done and failed apart, in English and Dutch', () => {
    const stages = [
      refundStage({ status: 'pending', providerUid: null }),
      refundStage({ status: 'pending', providerUid: 'ref_1' }),
      refundStage({ status: 'completed', providerUid: 'ref_1' }),
      refundStage({ status: 'failed', providerUid: 'ref_1' }),
    ];
    expect(stages).toEqual(['pending', 'processing', 'completed', 'failed']);
    const [en, nl] = [i18n.getFixedT('en', 'tips'), i18n.getFixedT('nl', 'tips')];
    expect(stages.map((s) => en(`refunds.status.${s}`))).toEqual([
      'being sent',
      'being paid out by the payment provider',
      'done',
      'failed at the payment provider: not refunded',
    ]);
    expect(stages.map((s) => nl(`refunds.status.${s}`))).toEqual([
      'wordt verstuurd',
      'wordt uitbetaald door de betaalprovider',
      'gedaan',
      'mislukt bij de betaalprovider: niet terugbetaald',
    ]);
  });
});

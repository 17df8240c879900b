import { describe, expect, it } from 'vitest';
import { clearTipDraft, readTipDraft, saveTipDraft } from '@/lib/tip-draft';
import { outcomePollDelay } from '@/storefront/api/get-tip-outcome';

describe('thank-you page', () => {
  it('asks for the outcome with a growing delay, at most every 10 s', () => {
    expect([0, 1, 2].map(outcomePollDelay)).toEqual([1000, 1500, 2250]);
    expect(outcomePollDelay(20)).toBe(10_000);
  });

  it('keeps the tip draft per tip jar until the tip is paid', () => {
    const draft = {
      amount: 750,
      displayName: 'Lotte',
      message: 'Mooi!',
      privacy: 'NAME_ONLY',
      email: 'lotte@example.com',
      paymentmethod: '7b0f5f3e-1f55-4b7e-9a43-0c7f7c1d2a11',
      paymentissuer: '',
      frequency: 'once',
    } as const;
    saveTipDraft('de-koffiepod', draft);
    expect(readTipDraft('de-koffiepod')).toEqual(draft);
    expect(readTipDraft('another-pod')).toBeNull();
    clearTipDraft('de-koffiepod');
    expect(readTipDraft('de-koffiepod')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { tipReceiptMail } from './tip-mails.js';

const receipt = (title: string, number: number | null) =>
  tipReceiptMail('nl', {
    brand: 'Podpot',
    tipjarName: 'De Koffiepod',
    amount: 500,
    fee: 25,
    paidAt: new Date('2026-11-20T10:00:00Z'),
    reference: 'tip-5f1c2a4e',
    episode: { title, number },
    // A colon in a title is followed by a no-break space (user-text.ts): it reads the same.
  }).text.replace(/\u00a0/g, ' ');

describe("the receipt's episode line", () => {
  it('adds the number to a title without it', () => {
    expect(receipt('Koffie in Colombia', 42)).toContain('Voor aflevering 42: Koffie in Colombia');
  });

  it('says the number once when the title starts with it', () => {
    const text = receipt('Aflevering 42: Koffie in Colombia', 42);
    expect(text).toContain('Voor de aflevering: Aflevering 42: Koffie in Colombia');
    expect(text).not.toContain('Voor aflevering 42: Aflevering 42');
  });
});

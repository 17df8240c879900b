import { describe, expect, it } from 'vitest';
import { issuesToFields } from './errors.js';
import { CreateRecurringTipDataSchema } from './schemas/recurring-tip.js';
import { CreateTipDataSchema } from './schemas/tip.js';
import { type TipFormInput, tipFormErrors } from './tip-rules.js';

const METHOD = '7b0f5f3e-1f55-4b7e-9a43-0c7f7c1d2a11';

/** The field errors the API's schema reports for the same input (first issue per path). */
function schemaErrors(input: TipFormInput, oneOff: boolean) {
  const schema = oneOff ? CreateTipDataSchema : CreateRecurringTipDataSchema;
  const result = schema.safeParse({ ...input, locale: 'en' });
  return result.success ? {} : issuesToFields(result.error.issues);
}

const amounts = [500, 100, 99, 100_000, 100_001, 250.5, Number.NaN];
const names = ['Lotte', '', '   ', 'x'.repeat(81), 'two\nlines'];
const messages = ['', 'Mooi!\nTwee regels', 'y'.repeat(501)];
const privacies = ['NAME_AND_AMOUNT', 'NAME_ONLY', 'ANONYMOUS'] as const;
const emails = [
  'lotte@example.com',
  ' Lotte@Example.COM ',
  '',
  'no-at-sign',
  'a..b@example.com',
  `${'a'.repeat(250)}@example.com`,
];
const payments = [
  { paymentmethod: METHOD, paymentissuer: '' },
  { paymentmethod: '', paymentissuer: '' },
  { paymentmethod: METHOD, paymentissuer: 'INGBNL2A' },
  { paymentmethod: METHOD, paymentissuer: 'x'.repeat(21) },
];

describe('tipFormErrors (the storefront) and the API schemas', () => {
  it('report the same field errors for every combination of good and bad values', () => {
    let compared = 0;
    for (const amount of amounts)
      for (const displayName of names)
        for (const message of messages)
          for (const privacy of privacies)
            for (const email of emails)
              for (const payment of payments)
                for (const oneOff of [true, false]) {
                  const input = { amount, displayName, message, privacy, email, payment };
                  expect(tipFormErrors(input, { oneOff }), JSON.stringify({ input, oneOff })).toEqual(
                    schemaErrors(input, oneOff),
                  );
                  compared++;
                }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('asks for a name only when the tip shows one, and accepts a complete tip', () => {
    const tip = { amount: 500, displayName: '', privacy: 'NAME_ONLY' as const, email: 'a@b.nl', payment: payments[0]! };
    expect(tipFormErrors(tip, { oneOff: true })).toEqual({ displayName: { key: 'required' } });
    expect(tipFormErrors({ ...tip, privacy: 'ANONYMOUS' }, { oneOff: true })).toEqual({});
    expect(tipFormErrors({ ...tip, displayName: 'Lotte', email: '' }, { oneOff: false })).toEqual({});
  });
});

import type { RecurringTip } from '@podpot/domain';

/** A listener's active monthly tip to De Koffiepod, as GET user/me/recurringtips/{id} answers it. */
export function activeRecurringTip(overrides: Partial<RecurringTip> = {}): RecurringTip {
  const tipjar = { id: '00000000-0000-4000-8000-0000000000b1', slug: 'de-koffiepod', name: 'De Koffiepod' };
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    tipjarId: tipjar.id,
    tipjar,
    userId: '00000000-0000-4000-8000-0000000000c1',
    amount: 300,
    interval: 'month',
    nextAmount: null,
    status: 'active',
    mandate: { status: 'valid', paymentMethod: 'ideal', oppTransaction: null },
    chargeDay: 12,
    nextChargeAt: '2026-05-12T08:00:00.000Z',
    failedAttempts: 0,
    lastFailureReason: null,
    privacy: 'NAME_AND_AMOUNT',
    displayName: 'Fan',
    message: '',
    locale: 'en',
    charges: [],
    level: null,
    created: '2026-04-12T08:00:00.000Z',
    updated: '2026-04-12T08:00:00.000Z',
    ...overrides,
  };
}

import { describe, expect, it } from 'vitest';
import { moneyCheckStateOf, ownerTargetOf } from './rules';

const now = new Date('2026-05-01T12:00:00.000Z');

describe("the money check's state", () => {
  it('asks for attention when the last run found violations, however old it is', () => {
    expect(moneyCheckStateOf({ ran: '2026-05-01T11:30:00.000Z', violations: 2 }, now)).toBe('attention');
    expect(moneyCheckStateOf({ ran: '2026-04-01T11:30:00.000Z', violations: 1 }, now)).toBe('attention');
  });

  it('is ok after a recent run without violations, late once two hourly runs were missed', () => {
    expect(moneyCheckStateOf({ ran: '2026-05-01T10:00:00.000Z', violations: 0 }, now)).toBe('ok');
    expect(moneyCheckStateOf({ ran: '2026-05-01T09:59:00.000Z', violations: 0 }, now)).toBe('late');
  });

  it('says so when it never ran', () => {
    expect(moneyCheckStateOf({ ran: null, violations: 0 }, now)).toBe('never');
  });
});

describe("what an incident's owner opens", () => {
  const id = '00000000-0000-4000-8000-000000000001';
  it('a tip opens the tip, a month its monthly tip, an order nothing of its own', () => {
    expect(ownerTargetOf({ ownerKind: 'tip', tipId: id, recurringTipId: null })).toEqual({ kind: 'tip', id });
    expect(ownerTargetOf({ ownerKind: 'recurring_charge', tipId: null, recurringTipId: id })).toEqual({
      kind: 'recurringTip',
      id,
    });
    expect(ownerTargetOf({ ownerKind: 'addon', tipId: null, recurringTipId: null })).toBeUndefined();
    // A tip that is gone: nothing to open.
    expect(ownerTargetOf({ ownerKind: 'tip', tipId: null, recurringTipId: null })).toBeUndefined();
  });
});

import { MAX_CHARGE_DAY } from '@podpot/domain';
import { describe, expect, it } from 'vitest';
import { chargeDayFrom } from '@/features/storefront/components/frequency-field';

describe('chargeDayFrom', () => {
  it('is the day of the month, in UTC as the API counts it', () => {
    expect(chargeDayFrom(new Date('2025-03-14T10:00:00Z'))).toBe(14);
    expect(chargeDayFrom(new Date('2025-03-14T23:30:00-02:00'))).toBe(15);
  });

  it('clamps the 29th–31st to the last charge day', () => {
    expect(chargeDayFrom(new Date('2025-01-29T12:00:00Z'))).toBe(MAX_CHARGE_DAY);
    expect(chargeDayFrom(new Date('2025-01-31T12:00:00Z'))).toBe(MAX_CHARGE_DAY);
  });
});

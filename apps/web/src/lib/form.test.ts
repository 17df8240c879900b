import { ProfileSchema } from '@podpot/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createValidationScheduler,
  decodeFieldError,
  domainResolver,
  VALIDATION_DELAY_MS,
  validationMessage,
} from '@/lib/form';
import { i18n } from '@/lib/i18n';

describe('createValidationScheduler (docs/product.md §5 timing)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('validates 150 ms after input/change/blur, collapsing bursts', () => {
    const validate = vi.fn();
    const scheduler = createValidationScheduler(validate);
    expect(VALIDATION_DELAY_MS).toBe(150);
    scheduler.schedule('email', false);
    vi.advanceTimersByTime(100);
    scheduler.schedule('email', false);
    vi.advanceTimersByTime(149);
    expect(validate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(validate).toHaveBeenCalledTimes(1);
    expect(validate).toHaveBeenCalledWith('email');
  });

  it('re-validates at once while the field shows an error', () => {
    const validate = vi.fn();
    const scheduler = createValidationScheduler(validate);
    scheduler.schedule('phoneNumber', true);
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it('keeps fields apart and can cancel', () => {
    const validate = vi.fn();
    const scheduler = createValidationScheduler(validate);
    scheduler.schedule('a', false);
    scheduler.schedule('b', false);
    vi.advanceTimersByTime(150);
    expect(validate.mock.calls.map(([name]) => name).sort()).toEqual(['a', 'b']);
    scheduler.schedule('a', false);
    scheduler.cancel();
    vi.advanceTimersByTime(500);
    expect(validate).toHaveBeenCalledTimes(2);
  });
});

describe('phone messages', () => {
  const nl = i18n.getFixedT('nl', 'validation');
  const en = i18n.getFixedT('en', 'validation');

  it('names the value in Dutch', () => {
    expect(validationMessage(nl, { key: 'phone' }, ' 0612 ')).toBe('0612 is geen geldig telefoonnummer');
    expect(validationMessage(nl, { key: 'mobile' }, '0201234567')).toBe(
      '0201234567 is geen geldig mobiel telefoonnummer',
    );
  });

  it('falls back to the generic text without a value', () => {
    expect(validationMessage(nl, { key: 'phone' }, '')).toBe('Dit is geen geldig telefoonnummer');
    expect(validationMessage(en, { key: 'phone' }, 'abc')).toBe('abc is not a valid phone number');
  });

  it('the domain profile schema reports an invalid phone number with the phone key', async () => {
    const resolver = domainResolver(ProfileSchema);
    const result = await resolver({ firstName: 'An', lastName: 'Bakker', phoneNumber: '12' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    const error = decodeFieldError(result.errors.phoneNumber as { type?: unknown; message?: unknown });
    expect(error?.key).toBe('phone');
    const ok = await resolver({ firstName: 'An', lastName: 'Bakker', phoneNumber: '0612345678' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(ok.errors).toEqual({});
  });
});

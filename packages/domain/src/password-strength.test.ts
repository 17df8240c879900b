import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, type PasswordContext, weakPasswordError } from './password-strength.js';

const jan: PasswordContext = { brand: 'Podpot', email: 'jan.jansen@example.com', firstName: 'Jan', lastName: 'Jansen' };

describe('checkPasswordStrength', () => {
  it.each([
    ['12345678', 'common'],
    ['password', 'common'],
    ['qwertyuiop', 'common'],
    ['wachtwoord', 'common'],
    ['welkom01', 'common'],
    ['podpot', 'brand'],
    ['Podpot2024', 'brand'],
    ['p0dp0t2024', 'brand'],
    ['jan.jansen@example.com', 'personal'],
    ['jan.jansen', 'personal'],
    ['JanJansen1', 'personal'],
    ['jansen2024', 'personal'],
    ['aaaaaaaaaaaa', 'guessable'],
  ])('refuses %s (%s)', async (password, reason) => {
    expect(await checkPasswordStrength(password, jan)).toEqual({ ok: false, reason });
  });

  // The API judges passwords for anyone as they are typed: one must never hold the event loop. Unbounded,
  // a 200-character password of substitutable characters took 3.8 s; the bound here is generous.
  it('judges a 200-character password full of l33t substitutions within a bounded time', async () => {
    await checkPasswordStrength('warm-up-password', jan);
    const hostile = Array.from({ length: 200 }, (_, i) => '|!1@4$0€3'[i % 9]).join('');
    const started = performance.now();
    const verdict = await checkPasswordStrength(hostile, jan);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(verdict.ok === true || verdict.ok === false).toBe(true);
    // Its first 64 characters decide, so a long repeat is still refused.
    expect(await checkPasswordStrength('a'.repeat(200), jan)).toEqual({ ok: false, reason: 'guessable' });
  });

  it.each(['correct horse battery', 'Luister-Podcast-2024', 'koffie-fiets-molen', 'Another-Strong-Pass-77'])(
    'accepts %s',
    async (password) => {
      expect(await checkPasswordStrength(password, jan)).toEqual({ ok: true });
    },
  );

  it('takes the brand from the context, so a renamed platform refuses its own name', async () => {
    expect(await checkPasswordStrength('Tipkelder2024', { brand: 'Tipkelder' })).toEqual({
      ok: false,
      reason: 'brand',
    });
    expect(await checkPasswordStrength('Tipkelder2024', { brand: 'Podpot' })).toEqual({ ok: true });
  });

  it('checks without any owner details (a reset link does not say whose it is)', async () => {
    expect(await checkPasswordStrength('password1', { brand: 'Podpot' })).toEqual({ ok: false, reason: 'common' });
  });
});

describe('weakPasswordError', () => {
  it('answers the validation key of the reason, or null for a strong password', async () => {
    expect(await weakPasswordError('12345678', jan)).toEqual({ key: 'passwordCommon' });
    expect(await weakPasswordError('Podpot2024', jan)).toEqual({ key: 'passwordBrand' });
    expect(await weakPasswordError('jan.jansen', jan)).toEqual({ key: 'passwordPersonal' });
    expect(await weakPasswordError('aaaaaaaaaaaa', jan)).toEqual({ key: 'passwordGuessable' });
    expect(await weakPasswordError('koffie-fiets-molen', jan)).toBeNull();
  });
});

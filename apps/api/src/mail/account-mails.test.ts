import { describe, expect, it } from 'vitest';
import { emailConfirmationMail, twoStepOnMail } from './account-mails.js';

/**
 * Whoever makes an account may type someone else's address (decision 061): the name they typed reaches
 * that stranger's inbox, so it is written as a person's words (decision 064), never as a link of ours.
 */
describe('account mails write the name a person typed as their words', () => {
  const name = 'Support: https://evil.example/verify';
  const recipient = { brand: 'Podpot', name };

  it.each(['en', 'nl'] as const)('the address confirmation (%s)', (locale) => {
    const mail = emailConfirmationMail(locale, {
      ...recipient,
      email: 'someone@example.com',
      link: 'https://podpot.example/confirm/abc',
      days: 7,
    });
    expect(mail.text).not.toContain('https://evil.example');
    expect(mail.text).toContain('https[:]//evil[.]example/verify');
    expect(mail.text).toContain('https://podpot.example/confirm/abc');
  });

  it.each(['en', 'nl'] as const)('two-step login turned on (%s)', (locale) => {
    const mail = twoStepOnMail(locale, {
      ...recipient,
      recoveryLink: 'https://podpot.example/recover',
      supportLink: 'https://podpot.example/support',
    });
    expect(mail.text).not.toContain('https://evil.example');
    expect(mail.text).toContain('https[:]//evil[.]example/verify');
  });
});

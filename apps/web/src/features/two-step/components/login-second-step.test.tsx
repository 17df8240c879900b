import { fireEvent, screen } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { TwoStepNeeded } from '@/lib/auth';
import { setLanguage } from '@/lib/i18n';
import { renderWithQueries } from '@/test/render';
import { LoginSecondStep } from './login-second-step';

const STEP = new TwoStepNeeded('admin@example.test', 'challenge');

/** Issue 39: a phone shows its number pad for the app's code and offers the code from the authenticator app. */
describe('the second step of a login', { timeout: 20_000 }, () => {
  afterEach(() => setLanguage('en'));

  it("asks for the app's code with the number pad and one-time-code autofill", async () => {
    renderWithQueries(<LoginSecondStep step={STEP} onRestart={() => {}} />);
    const code = await screen.findByRole('textbox', { name: /^Code/ });
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('switches to a text field without the number pad for a recovery code, in Dutch too', async () => {
    setLanguage('nl');
    renderWithQueries(<LoginSecondStep step={STEP} onRestart={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Gebruik een herstelcode' }));
    const recovery = await screen.findByRole('textbox', { name: /^Herstelcode/ });
    expect(recovery.getAttribute('inputmode')).toBeNull();
    expect(recovery.getAttribute('autocapitalize')).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: 'Gebruik de code uit de app' }));
    expect((await screen.findByRole('textbox', { name: /^Code/ })).getAttribute('inputmode')).toBe('numeric');
  });
});

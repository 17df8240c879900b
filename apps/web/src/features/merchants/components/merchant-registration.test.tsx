import type { ApiErrorBody, OppMerchantView } from '@podpot/domain';
import { fireEvent, screen, within } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '@/lib/i18n';
import { apiError, apiPath, setupApiServer } from '@/test/api-server';
import { cleanup, renderWithQueries } from '@/test/render';
import { MerchantRegistration } from './merchant-registration';

const api = setupApiServer();

const tipjar = { id: '00000000-0000-4000-8000-000000000001', email: 'maker@example.test' };

const merchant: OppMerchantView = {
  merchantUid: 'mer_abc123',
  type: 'consumer',
  merchantStatus: 'live',
  complianceStatus: 'verified',
  complianceLevel: 100,
  overviewUrl: 'https://provider.example/overview',
  requirements: [
    { type: 'bank_account.verification.required', status: 'pending', redirectUrl: 'https://provider.example/bank' },
    { type: 'ubo.verification.required', status: 'unverified', redirectUrl: null },
    { type: 'contact.verification.required', status: 'verified', redirectUrl: 'https://provider.example/id' },
  ],
  bankAccount: { status: 'new', verificationUrl: 'https://provider.example/bank', iban: null },
  registrationComplete: false,
  acceptsPayments: true,
  updated: '2026-01-01T00:00:00.000Z',
};

function renderRegistration() {
  renderWithQueries(<MerchantRegistration tipjar={tipjar} />);
}

/** GET tipjars/{id}/oppmerchant answers `merchant`. */
function answerMerchant(merchant: OppMerchantView) {
  api.server.use(http.get(apiPath('tipjars/:id/oppmerchant'), () => HttpResponse.json(merchant)));
}

/** The tip jar has no merchant yet (GET answers 404), and registering it is refused with these field errors. */
function refuseRegistration(statusCode: number, code: ApiErrorBody['code'], fields: ApiErrorBody['fields']) {
  api.server.use(
    http.get(apiPath('tipjars/:id/oppmerchant'), () =>
      apiError({ statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'x' }),
    ),
    http.post(apiPath('tipjars/:id/oppmerchant'), () =>
      apiError({ statusCode, error: 'Error', code, message: 'refused', fields }),
    ),
  );
}

describe('backoffice Registratie', () => {
  it('is not complete for a live, verified merchant whose bank account is still to confirm, and lists what is left with links', async () => {
    answerMerchant(merchant);
    renderRegistration();
    expect(await screen.findByText(/Registration in progress/)).toBeTruthy();
    const todo = within(screen.getByTestId('registration-requirements'));
    expect(todo.getByRole('link', { name: 'Confirm your bank account' }).getAttribute('href')).toBe(
      'https://provider.example/bank',
    );
    // A step without its own link opens the provider's overview of open steps; done steps are not listed.
    expect(
      todo
        .getByRole('link', { name: 'Another step at the payment provider (ubo.verification.required)' })
        .getAttribute('href'),
    ).toBe('https://provider.example/overview');
    expect(todo.queryByText('Confirm your identity')).toBeNull();
  });

  it('shows a bank account the provider is checking as being checked, without a button to confirm it again', async () => {
    answerMerchant({ ...merchant, bankAccount: { ...merchant.bankAccount!, status: 'pending' } });
    renderRegistration();
    expect(await screen.findByText('Bank account: being checked')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Confirm bank account' })).toBeNull();
  });

  it('says "wordt gecontroleerd" in Dutch for a bank account being checked', async () => {
    await i18n.changeLanguage('nl');
    try {
      answerMerchant({ ...merchant, bankAccount: { ...merchant.bankAccount!, status: 'pending' } });
      renderRegistration();
      expect(await screen.findByText('Bankrekening: wordt gecontroleerd')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Bankrekening bevestigen' })).toBeNull();
    } finally {
      setLanguage('en');
    }
  });

  it('offers to confirm a bank account that is new or was refused', async () => {
    for (const status of ['new', 'disapproved'] as const) {
      answerMerchant({ ...merchant, bankAccount: { ...merchant.bankAccount!, status } });
      renderRegistration();
      const confirm = await screen.findByRole('link', { name: 'Confirm bank account' });
      expect(confirm.getAttribute('href')).toBe('https://provider.example/bank');
      cleanup();
    }
  });

  it('says clearly that a suspended merchant takes no tips', async () => {
    answerMerchant({ ...merchant, merchantStatus: 'suspended', acceptsPayments: false });
    renderRegistration();
    const alert = await screen.findByTestId('merchant-stopped');
    expect(alert.textContent).toMatch(/has suspended your account\. Listeners cannot tip this/);
  });

  it('proposes the contact e-mail, and asks for another one when the provider already has it', async () => {
    refuseRegistration(409, 'EMAIL_TAKEN', { 'data.email': { key: 'merchantEmailTaken' } });
    renderRegistration();
    const email = (await screen.findByLabelText('E-mail address for the payment provider')) as HTMLInputElement;
    expect(email.value).toBe('maker@example.test');
    fireEvent.input(screen.getByLabelText(/First name/), { target: { value: 'Mia' } });
    fireEvent.input(screen.getByLabelText(/Last name/), { target: { value: 'Maker' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(/already registered with the payment provider/)).toBeTruthy();
    expect(await api.requests()).toContainEqual({
      method: 'POST',
      path: `tipjars/${tipjar.id}/oppmerchant`,
      body: { data: expect.objectContaining({ email: 'maker@example.test', firstName: 'Mia' }) },
    });
  });

  it("shows the payment provider's own words at the field it refused, not a general failure", async () => {
    refuseRegistration(400, 'VALIDATION', {
      'data.lastName': { key: 'providerRejected', params: { message: 'The name_last may not contain digits.' } },
    });
    renderRegistration();
    await screen.findByLabelText('E-mail address for the payment provider');
    fireEvent.input(screen.getByLabelText(/First name/), { target: { value: 'Mia' } });
    fireEvent.input(screen.getByLabelText(/Last name/), { target: { value: 'Maker' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('The payment provider did not accept this: The name_last may not contain digits.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Registering failed/)).toBeNull();
  });

  it('offers to finish a registration whose bank account could not be added', async () => {
    answerMerchant({ ...merchant, bankAccount: null, merchantStatus: 'pending' });
    renderRegistration();
    expect(await screen.findByText(/Your registration is not finished/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish registration' })).toBeTruthy();
  });
});

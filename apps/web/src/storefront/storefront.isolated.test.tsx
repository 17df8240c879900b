import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveAndHydrate, stubPaymentMethods, tipjar, unmountStorefronts } from '@/test/storefront-page';

beforeEach(stubPaymentMethods);
afterEach(unmountStorefronts);

describe('the storefront page (server-rendered, hydrated)', () => {
  it('is the real page in the first HTML, and hydrates without a mismatch', async () => {
    const { html, errors, container, serverHeading } = await serveAndHydrate(tipjar, 'en');
    expect(html).toContain('<h1>My Pod</h1>');
    expect(html).toContain('Other amount');
    expect(html).toContain('aria-pressed="true"');
    expect(errors).toEqual([]);
    // Hydrated, not drawn anew: the server's elements are kept.
    expect(container.querySelector('h1')).toBe(serverHeading);
    expect(screen.getByRole('button', { name: '€5.00' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('tip-fee').textContent).toContain('€0.25');
    await waitFor(() => expect(screen.getByTestId('paymentmethod-ideal')).toBeTruthy());
  });

  it('keeps what a listener typed into the server page before it was hydrated', async () => {
    const typeInto = (page: HTMLElement, id: string, value: string) => {
      (page.querySelector(`#${id}`) as HTMLInputElement).value = value;
    };
    await serveAndHydrate(tipjar, 'en', (page) => {
      typeInto(page, 'field-customAmount', '10');
      typeInto(page, 'field-displayName', 'Early Fan');
      typeInto(page, 'field-email', 'early@example.com');
    });
    await waitFor(() => expect(screen.getByTestId('tip-fee').textContent).toContain('€0.50'));
    expect((screen.getByRole('textbox', { name: 'Other amount' }) as HTMLInputElement).value).toBe('10');
    expect((screen.getByRole('textbox', { name: /Your name/ }) as HTMLInputElement).value).toBe('Early Fan');
    expect((screen.getByRole('textbox', { name: /E-mail address/ }) as HTMLInputElement).value).toBe(
      'early@example.com',
    );
    expect(screen.getByRole('button', { name: '€5.00' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says a wrong amount, a missing name and a wrong e-mail address in English', async () => {
    await serveAndHydrate(tipjar, 'en');
    fireEvent.change(screen.getByRole('textbox', { name: 'Other amount' }), { target: { value: '0.50' } });
    await screen.findByText('Enter an amount from €1.00 to €1,000.00');
    fireEvent.change(screen.getByRole('textbox', { name: 'Other amount' }), { target: { value: '7.50' } });
    await waitFor(() => expect(screen.queryByText('Enter an amount from €1.00 to €1,000.00')).toBeNull());
    expect(screen.getByTestId('tip-fee').textContent).toContain('€0.38');
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail address/ }), { target: { value: 'no-at-sign' } });
    await screen.findByText('This is not a valid e-mail address');
    fireEvent.submit(screen.getByRole('form', { name: 'Tip My Pod' }));
    await screen.findByText('This field is required');
  });

  it('says them in Dutch on /nl, and needs no name for an anonymous tip', async () => {
    await serveAndHydrate(tipjar, 'nl');
    fireEvent.change(screen.getByRole('textbox', { name: 'Ander bedrag' }), { target: { value: '2000' } });
    await screen.findByText('Vul een bedrag in van € 1,00 tot € 1.000,00');
    fireEvent.submit(screen.getByRole('form', { name: 'Fooi voor My Pod' }));
    await screen.findByText('Dit veld is verplicht');
    fireEvent.click(screen.getByRole('radio', { name: 'Niets: anoniem geven' }));
    await waitFor(() => expect(screen.queryByText('Dit veld is verplicht')).toBeNull());
    expect(screen.getByText('Niet nodig voor een anonieme fooi')).toBeTruthy();
  });

  it('shows the verified-podcast mark and our stored artwork in the first HTML, in both languages', async () => {
    const verified = {
      ...tipjar,
      feedVerified: true,
      artworkUrl: '/api/v1/artworks/a1',
      imageUrl: 'https://x.test/i.png',
    };
    const { html, errors } = await serveAndHydrate(verified, 'en');
    expect(errors).toEqual([]);
    expect(screen.getByTestId('verified-podcast').textContent).toBe('Verified podcast');
    // Our own copy, never the hot-linked address.
    expect(html).toContain('src="/api/v1/artworks/a1"');
    expect(html).not.toContain('x.test');
    document.body.innerHTML = '';
    await serveAndHydrate(verified, 'nl');
    expect(screen.getByTestId('verified-podcast').textContent).toBe('Geverifieerde podcast');
  });

  it('shows no mark for a podcast that is not verified', async () => {
    const { html } = await serveAndHydrate(tipjar, 'en');
    expect(html).not.toContain('verified-podcast');
  });

  it('shows no form for a tip jar that cannot receive tips', async () => {
    const { html } = await serveAndHydrate({ ...tipjar, acceptsTips: false }, 'en');
    expect(html).toContain('data-testid="not-accepting-tips"');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('shows the amount on the pay button only when it is a valid tip (never "€0.00")', async () => {
    await serveAndHydrate(tipjar, 'nl');
    await waitFor(() => expect(screen.getByRole('button', { name: 'AFREKENEN € 5,00' })).toBeTruthy());
    fireEvent.change(screen.getByRole('textbox', { name: 'Ander bedrag' }), { target: { value: '2000' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'AFREKENEN' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: /€ 0,00/ })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Ander bedrag' }), { target: { value: '7,50' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'AFREKENEN € 7,50' })).toBeTruthy());
  });

  it("limits name and message to the API's lengths, counts down near the limit, and keeps their own direction", async () => {
    await serveAndHydrate(tipjar, 'en');
    const name = screen.getByRole('textbox', { name: /Your name/ }) as HTMLInputElement;
    const message = screen.getByRole('textbox', { name: /Message to the maker/ }) as HTMLTextAreaElement;
    expect(name.maxLength).toBe(80);
    expect(message.maxLength).toBe(500);
    expect(name.getAttribute('dir')).toBe('auto');
    expect(message.getAttribute('dir')).toBe('auto');
    expect(screen.queryByTestId('char-counter')).toBeNull();
    fireEvent.change(message, { target: { value: 'x'.repeat(420) } });
    expect((await screen.findByTestId('char-counter')).textContent).toBe('80 of 500 characters left');
    fireEvent.change(name, { target: { value: 'أ'.repeat(70) } });
    await waitFor(() =>
      expect(screen.getAllByTestId('char-counter').map((c) => c.textContent)).toContain('10 of 80 characters left'),
    );
  });
});

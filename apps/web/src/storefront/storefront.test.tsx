import type { PaymentMethod, PublicTipjar } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStorefront } from '@/storefront/server';
import { StorefrontApp } from '@/storefront/storefront-app';
import { createTranslate } from '@/storefront/strings';

const tipjar: PublicTipjar = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'my-pod',
  name: 'My Pod',
  status: 'LIVE',
  active: true,
  type: 'CONSUMER',
  description: 'Stories',
  podcastUrl: null,
  rssUrl: null,
  imageUrl: null,
  thankYouMessage: '',
  presetAmounts: [300, 500],
  acceptsTips: true,
};
const ideal: PaymentMethod = {
  id: '7b0f5f3e-1f55-4b7e-9a43-0c7f7c1d2a11',
  name: 'iDEAL',
  type: 'ideal',
  active: true,
  priority: 10,
  paymentissuers: [],
};

// React's act() in a plain jsdom environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let roots: Root[] = [];
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: [ideal], count: 1 }), { status: 200 })),
  );
});
afterEach(() => {
  for (const root of roots) act(() => root.unmount());
  roots = [];
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The page as the API serves it (the server build's HTML), hydrated as main.tsx does; React's complaints collected. */
async function serveAndHydrate(data: PublicTipjar, locale: Locale, beforeHydration?: (page: HTMLElement) => void) {
  const { html, strings } = renderStorefront({ tipjar: data, locale });
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  beforeHydration?.(container);
  const serverHeading = container.querySelector('h1');
  const errors: unknown[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
  await act(async () => {
    roots.push(
      hydrateRoot(container, <StorefrontApp tipjar={data} locale={locale} t={createTranslate(strings, 'Podpot')} />, {
        onRecoverableError: (error) => errors.push(error),
      }),
    );
  });
  spy.mockRestore();
  return { html, errors, container, serverHeading };
}

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

  it('shows no form for a tip jar that cannot receive tips', async () => {
    const { html } = await serveAndHydrate({ ...tipjar, acceptsTips: false }, 'en');
    expect(html).toContain('data-testid="not-accepting-tips"');
    expect(screen.queryByRole('form')).toBeNull();
  });
});

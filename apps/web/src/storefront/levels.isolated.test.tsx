import type { PublicTipjar } from '@podpot/domain';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveAndHydrate, stubPaymentMethods, tipjar, unmountStorefronts } from '@/test/storefront-page';

/** A tip jar's levels on the storefront (issue 40): cards beside the free amount, once "Every month" is chosen. */
const withLevels: PublicTipjar = {
  ...tipjar,
  levels: [
    {
      id: '0b5a7a0e-7d4c-4d0e-9f3e-2a1b3c4d5e6f',
      amount: 300,
      name: 'Vaste luisteraar',
      perk: 'naam in de shownotes',
      unlocksFeed: false,
    },
    {
      id: '1c6b8b1f-8e5d-4e1f-8a4f-3b2c4d5e6f70',
      amount: 1000,
      name: 'Producer',
      perk: 'bonusfeed + maandelijkse Q&A',
      unlocksFeed: true,
    },
  ],
};

beforeEach(stubPaymentMethods);
afterEach(unmountStorefronts);

describe('levels on the storefront', () => {
  it('shows no levels for a one-off tip, nor for a tip jar without levels', async () => {
    await serveAndHydrate(withLevels, 'en');
    expect(screen.queryByTestId('levels')).toBeNull();
    unmountStorefronts();
    await serveAndHydrate(tipjar, 'en');
    fireEvent.click(screen.getByRole('radio', { name: 'Every month' }));
    expect(screen.queryByTestId('levels')).toBeNull();
  });

  it('fills the amount from a picked level, and says which level a typed amount reaches, in Dutch', async () => {
    await serveAndHydrate(withLevels, 'nl');
    fireEvent.click(screen.getByRole('radio', { name: 'Elke maand' }));
    const producer = await screen.findByRole('button', { name: /Producer/ });
    expect(producer.textContent).toMatch(/€\s10,00 per maand/);
    expect(producer.textContent).toContain('bonusfeed + maandelijkse Q&A');
    fireEvent.click(producer);
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Ander bedrag' }) as HTMLInputElement).value).toBe('10,00'),
    );
    expect(producer.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('level-reached').textContent).toBe('Met dit bedrag word je Producer.');

    fireEvent.change(screen.getByRole('textbox', { name: 'Ander bedrag' }), { target: { value: '4' } });
    await waitFor(() =>
      expect(screen.getByTestId('level-reached').textContent).toBe('Met dit bedrag word je Vaste luisteraar.'),
    );
    expect(producer.getAttribute('aria-pressed')).toBe('false');
    fireEvent.change(screen.getByRole('textbox', { name: 'Ander bedrag' }), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByTestId('level-reached').textContent).toMatch(/^Onder het eerste niveau/));
  });
});

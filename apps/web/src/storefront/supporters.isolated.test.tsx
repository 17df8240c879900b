import type { PublicTipjar, Supporter } from '@podpot/domain';
import { screen, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveAndHydrate, stubPaymentMethods, tipjar, unmountStorefronts } from '@/test/storefront-page';

/** The goal and the supporter wall (decision 032): drawn by the server, kept as they are by hydration. */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const supporters: Supporter[] = [
  { name: 'Anna', amount: 500, message: 'Great episode!', monthly: false, paidAt: minutesAgo(5) },
  { name: 'Bram', amount: null, message: null, monthly: true, paidAt: minutesAgo(3 * 60), level: 'Producer' },
  { name: null, amount: null, message: 'From a quiet fan', monthly: false, paidAt: minutesAgo(2 * 24 * 60) },
];
const withWall: PublicTipjar = {
  ...tipjar,
  goal: { kind: 'AMOUNT', target: 20_000 },
  goalProgress: { month: '2026-11', current: 5_000 },
  supporters,
};

beforeEach(stubPaymentMethods);
afterEach(unmountStorefronts);

describe('the goal and the supporter wall on the storefront', () => {
  it('shows the goal as an accessible progress bar and each supporter as the answer allows, in English', async () => {
    const { errors, container } = await serveAndHydrate(withWall, 'en');
    expect(errors).toEqual([]);
    const bar = screen.getByRole('progressbar', { name: /Goal for November 2026/ });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('€50.00 of €200.00 this month (25% reached)');
    expect(screen.getByText('€50.00 of €200.00 this month · 25% reached')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Goal for November 2026€200.00 a month' })).toBeTruthy();

    const wall = screen.getByRole('region', { name: 'Recent supporters' });
    const items = within(wall).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Anna€5.005 minutes agoGreat episode!',
      'BrammonthlyProducer3 hours ago',
      'Anonymous2 days agoFrom a quiet fan',
    ]);
    expect(items[0]!.querySelector('time')?.getAttribute('datetime')).toBe(supporters[0]!.paidAt);
    // Hydrated, not drawn anew: the server's wall is the one on the page.
    expect(container.querySelector('#sf-wall')?.innerHTML).toContain('Great episode!');
  });

  it("keeps a supporter's right-to-left name and message in their own direction (dir=auto)", async () => {
    const rtl: Supporter = { name: 'سارة', amount: 300, message: 'حلقة رائعة!', monthly: false, paidAt: minutesAgo(1) };
    await serveAndHydrate({ ...withWall, supporters: [rtl] }, 'en');
    const wall = screen.getByRole('region', { name: 'Recent supporters' });
    expect(within(wall).getByText('سارة').getAttribute('dir')).toBe('auto');
    expect(within(wall).getByText('حلقة رائعة!').getAttribute('dir')).toBe('auto');
    // The word "Anonymous" is ours, not the supporter's: no direction of its own.
    expect(screen.queryByText('Anonymous')).toBeNull();
  });

  it('says it all in Dutch on /nl, a goal of monthly tippers too', async () => {
    const tippers: PublicTipjar = {
      ...withWall,
      goal: { kind: 'TIPPERS', target: 1 },
      goalProgress: { month: '2026-12', current: 3 },
    };
    const { errors } = await serveAndHydrate(tippers, 'nl');
    expect(errors).toEqual([]);
    const bar = screen.getByRole('progressbar', { name: /Doel voor december 2026/ });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('3 van 1 maandelijkse fooigever · Doel bereikt. Dank je wel!')).toBeTruthy();
    const items = within(screen.getByRole('region', { name: 'Recente supporters' })).getAllByRole('listitem');
    // Dutch money has a non-breaking space after the euro sign.
    expect(items.map((item) => item.textContent?.replace(/\s/g, ' '))).toEqual([
      'Anna€ 5,005 minuten geledenGreat episode!',
      'BrammaandelijksProducer3 uur geleden',
      'AnoniemeergisterenFrom a quiet fan',
    ]);
  });

  it('invites the first supporter, and draws no goal without one', async () => {
    await serveAndHydrate({ ...tipjar, goalProgress: null, supporters: [] }, 'en');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('No supporters yet. Be the first!')).toBeTruthy();
  });
});

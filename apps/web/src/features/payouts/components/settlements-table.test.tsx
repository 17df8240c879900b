import type { Settlement } from '@podpot/domain';
import { screen, within } from '@testing-library/dom';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { cleanup, render } from '@/test/render';
import { DEFAULT_SETTLEMENTS_TABLE_STATE, SettlementDetailDialog, SettlementsTable } from './settlements-table';

/** October 2026 as the provider gives it: UTC days, from 00:00:00Z to 23:59:59Z. */
const october: Settlement = {
  id: 'set_oct2026',
  tipjarId: '00000000-0000-4000-8000-0000000000b1',
  periodStart: '2026-10-01T00:00:00.000Z',
  periodEnd: '2026-10-31T23:59:59.000Z',
  status: 'PAID',
  gross: 10_000,
  fees: 500,
  costs: 100,
  net: 9_400,
  paidAt: '2026-11-04T10:00:00.000Z',
  tipCount: 4,
};

/** `ui` on a page in English or under /nl. */
function show(ui: ReactNode, prefix = '') {
  if (prefix) setLanguage('nl');
  const router = createMemoryRouter([{ path: `${prefix}/backoffice/payouts`, element: ui }], {
    initialEntries: [`${prefix}/backoffice/payouts`],
  });
  render(<RouterProvider router={router} />);
}

const table = (
  <SettlementsTable
    label="Payouts"
    rows={[october]}
    count={1}
    loading={false}
    error={false}
    state={DEFAULT_SETTLEMENTS_TABLE_STATE}
    onState={() => {}}
    onOpen={() => {}}
  />
);

// The reader's time zone is the process's (Node reads TZ anew when it changes): a maker in Amsterdam,
// UTC+1 in winter and +2 in summer.
const setZone = (tz: string) => vi.stubEnv('TZ', tz);

describe('the period of a payout, read in Amsterdam', { timeout: 20_000 }, () => {
  beforeAll(() => setZone('Europe/Amsterdam'));
  afterAll(() => vi.unstubAllEnvs());
  afterEach(() => {
    cleanup();
    setLanguage('en');
  });

  it('shows the last day of October as 31 October, not 1 November, in the table', async () => {
    show(table);
    const row = await screen.findByTestId('settlement-row');
    expect(row.textContent).toContain('1 Oct 2026 – 31 Oct 2026');
    expect(row.textContent).not.toContain('Nov 2026 –');
    cleanup();
    show(table, '/nl');
    expect((await screen.findByTestId('settlement-row')).textContent).toContain('1 okt 2026 – 31 okt 2026');
  });

  it('shows the same dates in the title of its specification, in English and Dutch', async () => {
    show(<SettlementDetailDialog settlement={october} open onClose={() => {}} />);
    expect(within(await screen.findByRole('dialog')).getByRole('heading').textContent).toContain(
      '1 Oct 2026 – 31 Oct 2026',
    );
    cleanup();
    show(<SettlementDetailDialog settlement={october} open onClose={() => {}} />, '/nl');
    expect(within(await screen.findByRole('dialog')).getByRole('heading').textContent).toContain(
      '1 okt 2026 – 31 okt 2026',
    );
  });

  it('keeps the first day west of Greenwich too (New York would read 00:00Z as the day before)', async () => {
    setZone('America/New_York');
    try {
      show(table);
      expect((await screen.findByTestId('settlement-row')).textContent).toContain('1 Oct 2026 – 31 Oct 2026');
    } finally {
      setZone('Europe/Amsterdam');
    }
  });
});

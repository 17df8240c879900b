import type { AuditEntry } from '@podpot/domain';
import { screen } from '@testing-library/dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { cleanup, render } from '@/test/render';
import { AuditChanges } from './audit-changes';

const base: AuditEntry = {
  id: '00000000-0000-4000-8000-0000000000c1',
  at: '2026-04-12T08:00:00.000Z',
  actorId: '00000000-0000-4000-8000-0000000000d1',
  actorRole: 'ADMIN',
  actorName: 'Ada Admin',
  tipjarId: '00000000-0000-4000-8000-0000000000b1',
  tipjarName: 'De Koffiepod',
  entityType: 'tipjar',
  entityId: '00000000-0000-4000-8000-0000000000b1',
  entityName: null,
  action: 'tipjar.statusChanged',
  before: { status: 'LIVE', active: true },
  after: { status: 'SUSPENDED', active: false },
  requestId: 'req-1',
  ip: '127.0.0.1',
};

/** The changes of `entry` on a page in English or under /nl. */
function show(entry: AuditEntry, prefix = '') {
  if (prefix) setLanguage('nl');
  const router = createMemoryRouter([{ path: `${prefix}/admin/audit`, element: <AuditChanges entry={entry} /> }], {
    initialEntries: [`${prefix}/admin/audit`],
  });
  render(<RouterProvider router={router} />);
}

describe('the before → after of an audit entry', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    setLanguage('en');
  });

  it('labels each field and its values in English', async () => {
    show(base);
    const list = await screen.findByTestId('audit-changes');
    expect(list.textContent).toContain('Status: Live → Suspended');
    expect(list.textContent).toContain('Active: Yes → No');
  });

  it('labels each field and its values in Dutch, money in the Dutch way', async () => {
    show(base, '/nl');
    expect((await screen.findByTestId('audit-changes')).textContent).toContain('Status: Live → Geschorst');
    cleanup();
    show(
      {
        ...base,
        entityType: 'invoice',
        action: 'invoice.updated',
        before: { totalInclVat: 1210 },
        after: { number: '2026-0001', totalInclVat: 2420 },
      },
      '/nl',
    );
    const text = (await screen.findByTestId('audit-changes')).textContent ?? '';
    expect(text).toContain('Nummer: 2026-0001');
    expect(text).toMatch(/Totaal incl\. btw: €\s?12,10 → €\s?24,20/);
  });

  it('names the admin added by their name, and what a deleted thing was', async () => {
    show({
      ...base,
      entityType: 'user',
      action: 'tipjar.adminAdded',
      entityName: 'Bea Beheer',
      before: null,
      after: { userId: '00000000-0000-4000-8000-0000000000e1' },
    });
    expect((await screen.findByTestId('audit-changes')).textContent).toBe('Admin: Bea Beheer');
    cleanup();
    show({ ...base, action: 'tipjar.deleted', before: { status: 'NEW' }, after: null });
    expect((await screen.findByTestId('audit-changes')).textContent).toBe('Status: was New');
  });
});

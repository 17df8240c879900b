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

  /** An invoice paid: a status, an amount, a month, a calendar day, a moment and a yes/no, two fields unlabelled. */
  const paid: AuditEntry = {
    ...base,
    entityType: 'invoice',
    action: 'invoice.paid',
    before: {
      status: 'draft',
      totalInclVat: 1500,
      period: '2026-03',
      dueDate: '2026-04-14',
      paidAt: null,
      isLate: false,
    },
    after: {
      status: 'paid',
      totalInclVat: 2500,
      period: '2026-04',
      dueDate: '2026-05-14',
      paidAt: '2026-05-02T10:30:00.000Z',
      isLate: true,
    },
  };

  it('writes statuses, money, months, dates and yes/no in words, never as stored, in English', async () => {
    show(paid);
    const text = (await screen.findByTestId('audit-changes')).textContent ?? '';
    expect(text).toContain('Status: Draft → Paid');
    expect(text).toContain('Total incl. VAT: €15.00 → €25.00');
    expect(text).toContain('Month: March 2026 → April 2026');
    // Fields the catalog has no label for read as words, their dates as dates.
    expect(text).toContain('Due date: 14 Apr 2026 → 14 May 2026');
    expect(text).toMatch(/Paid at: — → 2 May 2026, \d\d:30/);
    expect(text).toContain('Is late: No → Yes');
    expect(text).not.toMatch(/dueDate|paidAt|isLate|T10:30|1500|draft|true|false/);
  });

  it('writes them in Dutch on a Dutch page', async () => {
    show(paid, '/nl');
    const text = (await screen.findByTestId('audit-changes')).textContent ?? '';
    expect(text).toContain('Status: Concept → Betaald');
    expect(text).toMatch(/Totaal incl\. btw: €\s?15,00 → €\s?25,00/);
    expect(text).toContain('Maand: maart 2026 → april 2026');
    expect(text).toContain('14 apr 2026 → 14 mei 2026');
    expect(text).toMatch(/— → 2 mei 2026(,| om) \d\d:30/);
    expect(text).toContain('Nee → Ja');
  });

  it('writes a status it has no label for in words', async () => {
    show({ ...base, before: { status: 'LIVE' }, after: { status: 'ON_HOLD' } });
    expect((await screen.findByTestId('audit-changes')).textContent).toBe('Status: Live → On hold');
  });

  it('writes an API token created or revoked in words, its scopes and expiry too, in English and Dutch', async () => {
    const created: AuditEntry = {
      ...base,
      entityType: 'apitoken',
      entityId: '00000000-0000-4000-8000-0000000000f1',
      action: 'apitoken.created',
      before: null,
      after: { name: 'Zapier', scopes: ['tips:read', 'supporters:read'], expiresAt: null },
    };
    show(created);
    expect((await screen.findByTestId('audit-changes')).textContent).toBe(
      'Name: ZapierMay do: Read tips, Read monthly supportersValid until: Until revoked',
    );
    cleanup();
    show({ ...created, after: { ...created.after, expiresAt: '2026-05-02T10:30:00.000Z' } }, '/nl');
    const text = (await screen.findByTestId('audit-changes')).textContent ?? '';
    expect(text).toContain('Mag: Fooien lezen, Maandelijkse supporters lezen');
    expect(text).toMatch(/Geldig tot: 2 mei 2026(,| om) \d\d:30/);
    cleanup();
    show({ ...created, action: 'apitoken.revoked', before: { name: 'Zapier' }, after: null }, '/nl');
    expect((await screen.findByTestId('audit-changes')).textContent).toBe('Naam: was Zapier');
  });
});

import { describe, expect, it } from 'vitest';
import { canTransitionInvoice, INVOICE_STATUSES, isInvoiceEditable } from './invoice.js';

describe('invoice status transitions', () => {
  it('allows exactly draft→sent, draft→void, sent→paid, sent→void', () => {
    const allowed = INVOICE_STATUSES.flatMap((from) =>
      INVOICE_STATUSES.filter((to) => canTransitionInvoice(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(['draft→sent', 'draft→void', 'sent→paid', 'sent→void']);
  });

  it('edits lines of drafts only', () => {
    expect(INVOICE_STATUSES.filter(isInvoiceEditable)).toEqual(['draft']);
  });
});

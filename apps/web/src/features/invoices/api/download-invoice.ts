import type { Invoice } from '@podpot/domain';
import { downloadFile } from '@/lib/api-client';

/** GET invoices/{id}/download (PDF) or …/download/settlements (CSV) as a browser download. */
export const downloadInvoice = (invoice: Invoice, what: 'pdf' | 'settlements') =>
  downloadFile(`invoices/${encodeURIComponent(invoice.id)}/download${what === 'pdf' ? '' : '/settlements'}`, {
    filename: what === 'pdf' ? `invoice-${invoice.number}.pdf` : `invoice-${invoice.number}-settlements.csv`,
  });

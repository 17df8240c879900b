import { type Invoice, type ListResponse, toListQuery } from '@podpot/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableState } from '@/components/data-table';
import { api, downloadFile } from '@/lib/api-client';

const base = (tipjarId: string) => `tipjars/${encodeURIComponent(tipjarId)}/invoices`;

/** GET tipjars/{id}/invoices. */
export const useTipjarInvoices = (tipjarId: string, state: TableState) =>
  useQuery({
    queryKey: ['tipjars', tipjarId, 'invoices', state],
    queryFn: ({ signal }) => api.get<ListResponse<Invoice>>(base(tipjarId), { query: toListQuery(state), signal }),
    placeholderData: keepPreviousData,
  });

/** GET tipjars/{id}/invoices/{invoiceId}. */
export const useTipjarInvoice = (tipjarId: string, invoiceId: string | undefined) =>
  useQuery({
    queryKey: ['tipjars', tipjarId, 'invoices', 'one', invoiceId],
    queryFn: ({ signal }) => api.get<Invoice>(`${base(tipjarId)}/${encodeURIComponent(invoiceId ?? '')}`, { signal }),
    enabled: Boolean(invoiceId),
  });

/**
 * The invoice PDF or its settlement specification (CSV; `semicolon`: for Dutch Excel, decision 084)
 * as a browser download.
 */
export const downloadTipjarInvoice = (
  tipjarId: string,
  invoice: Invoice,
  what: 'pdf' | 'settlements',
  separator: 'comma' | 'semicolon' = 'comma',
) =>
  downloadFile(`${base(tipjarId)}/${encodeURIComponent(invoice.id)}/download${what === 'pdf' ? '' : '/settlements'}`, {
    query: separator === 'semicolon' ? { separator } : undefined,
    filename: what === 'pdf' ? `invoice-${invoice.number}.pdf` : `invoice-${invoice.number}-settlements.csv`,
  });

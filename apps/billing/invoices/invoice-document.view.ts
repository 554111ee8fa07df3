import { BILLING_API_V1 } from '../billing.constants';
import { RenderedDocument, renderedDocument } from '../documents/document.view';
import { renderPdf } from '../documents/pdf.view';
import type { CustomersTable } from '../customers/customer.table';
import type { InvoicesTable } from './invoice.table';

/** The invoice's PDF, served at `/api/v1/invoices/:id/pdf`. */
export function renderInvoicePdf(invoice: InvoicesTable, customer: Pick<CustomersTable, 'name' | 'document'>): RenderedDocument {
  const bytes = renderPdf([
    `Kobana Billing - Fatura ${invoice.number}`,
    `Cliente: ${customer.name} (${customer.document})`,
    `Descricao: ${invoice.description}`,
    `Vencimento: ${invoice.due_date}`,
    `Total: R$ ${(invoice.total / 100).toFixed(2)}`,
    `Situacao: ${invoice.status}`,
  ]);
  return renderedDocument('application/pdf', `/${BILLING_API_V1}/invoices/${invoice.id}/pdf`, bytes);
}

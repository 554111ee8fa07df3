import { BILLING_API_V1 } from '../billing.constants';
import type { CustomersTable } from '../customers/customer.table';
import { RenderedDocument, renderedDocument } from '../documents/document.view';
import { renderNfeXml } from '../documents/nfe-xml.view';
import { renderPdf } from '../documents/pdf.view';
import type { InvoicesTable } from '../invoices/invoice.table';
import type { NfesTable } from './nfe.table';

/** Everything an NF-e document shows. */
export interface NfeDocumentInput {
  nfe: NfesTable;
  invoice: Pick<InvoicesTable, 'description' | 'total'>;
  customer: Pick<CustomersTable, 'name' | 'document' | 'email'>;
  issuer: string;
}

/** The DANFE-like PDF, served at `/api/v1/nfes/:id/pdf`. */
export function renderNfePdf({ nfe, invoice, customer, issuer }: NfeDocumentInput): RenderedDocument {
  const bytes = renderPdf([
    `NF-e ${nfe.number} serie ${nfe.series} - ${nfe.status === 'issued' ? 'AUTORIZADA' : 'CANCELADA'}`,
    `Chave de acesso: ${nfe.access_key}`,
    `Emitente: ${issuer}`,
    `Destinatario: ${customer.name} (${customer.document})`,
    `Servico: ${invoice.description}`,
    `Valor total: R$ ${(invoice.total / 100).toFixed(2)}`,
    `Emitida em: ${nfe.issued_at}`,
  ]);
  return renderedDocument('application/pdf', `/${BILLING_API_V1}/nfes/${nfe.id}/pdf`, bytes);
}

/** The XML, served at `/api/v1/nfes/:id/xml`. */
export function renderNfeXmlDocument({ nfe, invoice, customer, issuer }: NfeDocumentInput): RenderedDocument {
  const bytes = renderNfeXml({
    access_key: nfe.access_key,
    number: nfe.number,
    series: nfe.series,
    issued_at: nfe.issued_at,
    status: nfe.status,
    issuer,
    customer,
    description: invoice.description,
    total_cents: invoice.total,
  });
  return renderedDocument('application/xml', `/${BILLING_API_V1}/nfes/${nfe.id}/xml`, bytes);
}

import { ConflictException, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import { BILLING_SCOPES } from '../billing.constants';
import { BillingMessages } from '../billing.messages';
import { BillingIdDto, BillingIdWriteDto } from '../common/billing-id.dto';
import { IdempotencyService } from '@kobana/idempotency';
import { BillingPage, offsetPage } from '../common/offset-page.util';
import { BillingPageView } from '../common/billing-page.view';
import { findActiveCustomer } from '../customers/customer.store';
import { BillingDatabase } from '../database/billing-database.interface';
import { InjectBillingDatabase } from '../database/inject-billing-database.decorator';
import { DocumentView, RenderedDocument } from '../documents/document.view';
import { assertPermission, rolesWith } from '../identity/billing-permission.policy';
import { ListInvoicesDto } from './dto/list-invoices.dto';
import { UpsertInvoiceDto } from './dto/upsert-invoice.dto';
import { renderInvoicePdf } from './invoice-document.view';
import { findInvoice, insertInvoice } from './invoice.store';
import { InvoicesTable } from './invoice.table';
import { InvoiceView, toInvoiceView } from './invoice.view';
import { BillingConfirmationMessages } from '../billing-confirmation.messages';
import { invoiceWords } from '../common/billing-confirmation.view';

const READ = { scopes: [BILLING_SCOPES.read], roles: rolesWith('invoices.read'), annotations: { readOnlyHint: true, idempotentHint: true } };

/** Invoices, served by `/api/v1/invoices` and the `billing_invoices_*` tools. */
@Injectable()
export class InvoicesService {
  constructor(
    @InjectBillingDatabase() private readonly db: Kysely<BillingDatabase>,
    private readonly idempotency: IdempotencyService<BillingDatabase>,
  ) {}

  @McpTool({
    name: 'billing_invoices_list',
    output: BillingPageView(InvoiceView),
    title: 'List invoices',
    description: 'Lists invoices, newest first, optionally by status (open, paid, cancelled) and customer_id. total is in cents.',
    ...READ,
  })
  list(@McpCaller() caller: McpCaller, @McpArgs() query: ListInvoicesDto): Promise<BillingPage<Partial<InvoiceView>>> {
    assertPermission(caller, 'invoices.read');
    let rows = this.db.selectFrom('invoices').where('organization_id', '=', caller.organization_id);
    if (query.status !== undefined) rows = rows.where('status', '=', query.status as InvoiceView['status']);
    if (query.customer_id !== undefined) rows = rows.where('customer_id', '=', query.customer_id);
    return offsetPage(rows, query, toInvoiceView);
  }

  @McpTool({ name: 'billing_invoices_get', output: InvoiceView, title: 'Get an invoice', description: 'Returns one invoice. total is in cents.', ...READ })
  async get(@McpCaller() caller: McpCaller, @McpArgs() args: BillingIdDto): Promise<InvoiceView> {
    assertPermission(caller, 'invoices.read');
    return toInvoiceView(await findInvoice(this.db, caller.organization_id, args.id));
  }

  /**
   * Upsert on `external_id`: none or a new one creates an open invoice; an
   * open invoice with it is updated; a paid or cancelled one is a 409.
   */
  @McpTool({
    name: 'billing_invoices_upsert',
    output: InvoiceView,
    title: 'Create or update an invoice',
    description:
      'Creates an open invoice (total in cents, due_date YYYY-MM-DD). With an external_id you already used, updates that ' +
      'invoice while it is open; a paid or cancelled invoice is never rewritten (conflict).',
    scopes: [BILLING_SCOPES.write],
    roles: rolesWith('invoices.write'),
    annotations: { idempotentHint: true },
  })
  async upsert(@McpCaller() caller: McpCaller, @McpArgs() dto: UpsertInvoiceDto): Promise<InvoiceView> {
    assertPermission(caller, 'invoices.write');
    return this.idempotency.run(caller, 'billing_invoices_upsert', dto, async (trx) => {
      await findActiveCustomer(trx, caller.organization_id, dto.customer_id);
      const values = { customer_id: dto.customer_id, description: dto.description, total: dto.total, due_date: dto.due_date };
      const existing =
        dto.external_id === undefined
          ? undefined
          : await trx
              .selectFrom('invoices')
              .selectAll()
              .where('organization_id', '=', caller.organization_id)
              .where('external_id', '=', dto.external_id)
              .executeTakeFirst();
      if (!existing)
        return toInvoiceView(await insertInvoice(trx, { organization_id: caller.organization_id, external_id: dto.external_id ?? null, ...values }));
      if (existing.status !== 'open') throw new ConflictException(BillingMessages.invoiceUpsertClosed(existing.status));
      const changes = { ...values, updated_at: new Date().toISOString() };
      await trx.updateTable('invoices').set(changes).where('organization_id', '=', caller.organization_id).where('id', '=', existing.id).execute();
      return toInvoiceView({ ...existing, ...changes });
    });
  }

  @McpTool({
    name: 'billing_invoices_pay',
    output: InvoiceView,
    title: 'Mark an invoice paid',
    description: 'Records the payment of an open invoice.',
    scopes: [BILLING_SCOPES.write],
    roles: rolesWith('invoices.write'),
    annotations: { idempotentHint: true },
  })
  async pay(@McpCaller() caller: McpCaller, @McpArgs() dto: BillingIdWriteDto): Promise<InvoiceView> {
    assertPermission(caller, 'invoices.write');
    return this.close(caller, dto, 'billing_invoices_pay', 'paid');
  }

  @McpTool({
    name: 'billing_invoices_cancel',
    output: InvoiceView,
    title: 'Cancel an invoice',
    description: 'Cancels an open invoice without an issued NF-e (cancel the NF-e first).',
    scopes: [BILLING_SCOPES.write],
    roles: rolesWith('invoices.cancel'),
    annotations: { destructiveHint: true },
    confirmation: { describe: 'describeCancel' },
  })
  async cancel(@McpCaller() caller: McpCaller, @McpArgs() dto: BillingIdWriteDto): Promise<InvoiceView> {
    assertPermission(caller, 'invoices.cancel');
    return this.close(caller, dto, 'billing_invoices_cancel', 'cancelled');
  }

  @McpTool({
    name: 'billing_invoices_pdf',
    output: DocumentView,
    title: 'Invoice PDF',
    description: 'Returns content_type, size and the API path of the invoice PDF. Fetch the path on this host with a token issued for the API.',
    ...READ,
  })
  async pdf(@McpCaller() caller: McpCaller, @McpArgs() args: BillingIdDto): Promise<DocumentView> {
    return (await this.renderPdf(caller, args.id)).view;
  }

  /** The PDF's bytes and view, for the route that serves them. */
  async renderPdf(caller: McpCaller, id: string): Promise<RenderedDocument> {
    assertPermission(caller, 'invoices.read');
    const invoice = await findInvoice(this.db, caller.organization_id, id);
    const customer = await this.db.selectFrom('customers').select(['name', 'document']).where('id', '=', invoice.customer_id).executeTakeFirstOrThrow();
    return renderInvoicePdf(invoice, customer);
  }

  private close(caller: McpCaller, dto: BillingIdWriteDto, operation: string, status: 'paid' | 'cancelled'): Promise<InvoiceView> {
    return this.idempotency.run(caller, operation, dto, async (trx) => {
      const row = await findInvoice(trx, caller.organization_id, dto.id);
      if (row.status !== 'open') throw new ConflictException(BillingMessages.invoiceNotOpen(row.status));
      if (status === 'cancelled') {
        const nfe = await trx.selectFrom('nfes').select('id').where('invoice_id', '=', row.id).where('status', '=', 'issued').executeTakeFirst();
        if (nfe) throw new ConflictException(BillingMessages.invoiceHasNfe());
      }
      const now = new Date().toISOString();
      const changes: Partial<InvoicesTable> = { status, updated_at: now, ...(status === 'paid' ? { paid_at: now } : { cancelled_at: now }) };
      await trx.updateTable('invoices').set(changes).where('organization_id', '=', caller.organization_id).where('id', '=', row.id).execute();
      return toInvoiceView({ ...row, ...changes });
    });
  }

  /** The invoice by number, customer and total, for the person who confirms; the same 404 and 409 as {@link cancel}. */
  async describeCancel(caller: McpCaller, dto: BillingIdWriteDto): Promise<string> {
    assertPermission(caller, 'invoices.cancel');
    if (await this.idempotency.replays(caller, 'billing_invoices_cancel', dto)) return BillingConfirmationMessages.replay();
    const invoice = await findInvoice(this.db, caller.organization_id, dto.id);
    if (invoice.status !== 'open') throw new ConflictException(BillingMessages.invoiceNotOpen(invoice.status));
    const nfe = await this.db.selectFrom('nfes').select('id').where('invoice_id', '=', invoice.id).where('status', '=', 'issued').executeTakeFirst();
    if (nfe) throw new ConflictException(BillingMessages.invoiceHasNfe());
    return invoiceWords(this.db, invoice);
  }
}

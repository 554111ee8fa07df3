import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Kysely } from 'kysely';
import { randomInt, randomUUID } from 'node:crypto';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import { monotonicNow } from '@kobana/host-kit';
import { BILLING_SCOPES } from '../billing.constants';
import { BillingMessages } from '../billing.messages';
import { BillingIdDto } from '../common/billing-id.dto';
import { IdempotencyService } from '@kobana/idempotency';
import { BillingPage, offsetPage } from '../common/offset-page.util';
import { BillingPageView } from '../common/billing-page.view';
import { BillingDatabase } from '../database/billing-database.interface';
import { InjectBillingDatabase } from '../database/inject-billing-database.decorator';
import { DocumentView, RenderedDocument } from '../documents/document.view';
import { assertPermission, rolesWith } from '../identity/billing-permission.policy';
import { findInvoice } from '../invoices/invoice.store';
import { CancelNfeDto, IssueNfeDto } from './dto/issue-nfe.dto';
import { ListNfesDto } from './dto/list-nfes.dto';
import { nfeAccessKey } from './nfe-access-key.util';
import { NfeDocumentInput, renderNfePdf, renderNfeXmlDocument } from './nfe-document.view';
import { NfesTable } from './nfe.table';
import { NfeView, toNfeView } from './nfe.view';
import { BillingConfirmationMessages } from '../billing-confirmation.messages';
import { invoiceWords } from '../common/billing-confirmation.view';

const READ = { scopes: [BILLING_SCOPES.read], roles: rolesWith('nfes.read'), annotations: { readOnlyHint: true, idempotentHint: true } };
const SERIES = '1';

/** NF-e (service invoices), served by `/api/v1/nfes` and the `billing_nfes_*` tools. */
@Injectable()
export class NfesService {
  constructor(
    @InjectBillingDatabase() private readonly db: Kysely<BillingDatabase>,
    private readonly idempotency: IdempotencyService<BillingDatabase>,
  ) {}

  @McpTool({
    name: 'billing_nfes_list',
    output: BillingPageView(NfeView),
    title: 'List NF-e',
    description: 'Lists NF-e, newest first, optionally by status and invoice_id.',
    ...READ,
  })
  list(@McpCaller() caller: McpCaller, @McpArgs() query: ListNfesDto): Promise<BillingPage<Partial<NfeView>>> {
    assertPermission(caller, 'nfes.read');
    let rows = this.db.selectFrom('nfes').where('organization_id', '=', caller.organization_id);
    if (query.status !== undefined) rows = rows.where('status', '=', query.status as NfeView['status']);
    if (query.invoice_id !== undefined) rows = rows.where('invoice_id', '=', query.invoice_id);
    return offsetPage(rows, query, toNfeView);
  }

  @McpTool({ name: 'billing_nfes_get', output: NfeView, title: 'Get an NF-e', description: 'Returns one NF-e: number, series, access key, status.', ...READ })
  async get(@McpCaller() caller: McpCaller, @McpArgs() args: BillingIdDto): Promise<NfeView> {
    assertPermission(caller, 'nfes.read');
    return toNfeView(await findNfe(this.db, caller.organization_id, args.id));
  }

  @McpTool({
    name: 'billing_nfes_issue',
    output: NfeView,
    title: 'Issue an NF-e',
    description: 'Issues the NF-e of a paid invoice (one live NF-e per invoice).',
    scopes: [BILLING_SCOPES.write],
    roles: rolesWith('nfes.issue'),
  })
  async issue(@McpCaller() caller: McpCaller, @McpArgs() dto: IssueNfeDto): Promise<NfeView> {
    assertPermission(caller, 'nfes.issue');
    return this.idempotency.run(caller, 'billing_nfes_issue', dto, async (trx) => {
      const invoice = await findInvoice(trx, caller.organization_id, dto.invoice_id);
      if (invoice.status !== 'paid') throw new ConflictException(BillingMessages.invoiceNotPaid(invoice.status));
      const live = await trx.selectFrom('nfes').select('id').where('invoice_id', '=', invoice.id).where('status', '=', 'issued').executeTakeFirst();
      if (live) throw new ConflictException(BillingMessages.nfeAlreadyIssued());
      const last = await trx
        .selectFrom('nfes')
        .select((eb) => eb.fn.max('number').as('number'))
        .where('organization_id', '=', caller.organization_id)
        .executeTakeFirst();
      const number = Number(last?.number ?? 0) + 1;
      const now = monotonicNow().toISOString();
      const row: NfesTable = {
        id: randomUUID(),
        organization_id: caller.organization_id,
        invoice_id: invoice.id,
        number,
        series: SERIES,
        // No issuer CNPJ is kept yet: the organization id's digits stand in, so keys stay unique per organization.
        access_key: nfeAccessKey(now, caller.organization_id.replace(/\D/g, ''), SERIES, number, randomInt(100_000_000)),
        status: 'issued',
        cancel_reason: null,
        issued_at: now,
        created_at: now,
        cancelled_at: null,
      };
      await trx.insertInto('nfes').values(row).execute();
      return toNfeView(row);
    });
  }

  @McpTool({
    name: 'billing_nfes_cancel',
    output: NfeView,
    title: 'Cancel an NF-e',
    description: 'Cancels an issued NF-e, with a reason of 15 to 255 characters.',
    scopes: [BILLING_SCOPES.write],
    roles: rolesWith('nfes.cancel'),
    annotations: { destructiveHint: true },
    // A cancelled NF-e cannot be issued again: only the person, on the approval page, may allow it.
    confirmation: { requirePerson: true, describe: 'describeCancel' },
  })
  async cancel(@McpCaller() caller: McpCaller, @McpArgs() dto: CancelNfeDto): Promise<NfeView> {
    assertPermission(caller, 'nfes.cancel');
    return this.idempotency.run(caller, 'billing_nfes_cancel', dto, async (trx) => {
      const row = await findNfe(trx, caller.organization_id, dto.id);
      if (row.status !== 'issued') throw new ConflictException(BillingMessages.nfeNotIssued(row.status));
      const now = new Date().toISOString();
      const changes = { status: 'cancelled' as const, cancel_reason: dto.reason, cancelled_at: now };
      await trx.updateTable('nfes').set(changes).where('organization_id', '=', caller.organization_id).where('id', '=', row.id).execute();
      return toNfeView({ ...row, ...changes });
    });
  }

  @McpTool({
    name: 'billing_nfes_pdf',
    output: DocumentView,
    title: 'NF-e PDF (DANFE)',
    description: 'Returns content_type, size and the API path of the NF-e PDF. Fetch the path on this host with a token issued for the API.',
    ...READ,
  })
  async pdf(@McpCaller() caller: McpCaller, @McpArgs() args: BillingIdDto): Promise<DocumentView> {
    return (await this.render(caller, args.id, 'pdf')).view;
  }

  @McpTool({
    name: 'billing_nfes_xml',
    output: DocumentView,
    title: 'NF-e XML',
    description: 'Returns content_type, size and the API path of the NF-e XML. Fetch the path on this host with a token issued for the API.',
    ...READ,
  })
  async xml(@McpCaller() caller: McpCaller, @McpArgs() args: BillingIdDto): Promise<DocumentView> {
    return (await this.render(caller, args.id, 'xml')).view;
  }

  /** A document's bytes and view, for the routes that serve them. */
  async render(caller: McpCaller, id: string, kind: 'pdf' | 'xml'): Promise<RenderedDocument> {
    assertPermission(caller, 'nfes.read');
    const nfe = await findNfe(this.db, caller.organization_id, id);
    const invoice = await findInvoice(this.db, caller.organization_id, nfe.invoice_id);
    const customer = await this.db
      .selectFrom('customers')
      .select(['name', 'document', 'email'])
      .where('id', '=', invoice.customer_id)
      .executeTakeFirstOrThrow();
    const issuer = await this.db.selectFrom('organizations').select('name').where('id', '=', caller.organization_id).executeTakeFirstOrThrow();
    const input: NfeDocumentInput = { nfe, invoice, customer, issuer: issuer.name };
    return kind === 'pdf' ? renderNfePdf(input) : renderNfeXmlDocument(input);
  }

  /** The NF-e by number, invoice and customer, for the person who approves; the same 404 and 409 as {@link cancel}. */
  async describeCancel(caller: McpCaller, dto: CancelNfeDto): Promise<string> {
    assertPermission(caller, 'nfes.cancel');
    if (await this.idempotency.replays(caller, 'billing_nfes_cancel', dto)) return BillingConfirmationMessages.replay();
    const nfe = await findNfe(this.db, caller.organization_id, dto.id);
    if (nfe.status !== 'issued') throw new ConflictException(BillingMessages.nfeNotIssued(nfe.status));
    const invoice = await findInvoice(this.db, caller.organization_id, nfe.invoice_id);
    return BillingConfirmationMessages.nfe(nfe.series, nfe.number, await invoiceWords(this.db, invoice), dto.reason);
  }
}

async function findNfe(db: Kysely<BillingDatabase>, organizationId: string, id: string): Promise<NfesTable> {
  const row = await db.selectFrom('nfes').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundException(BillingMessages.notFound('NF-e'));
  return row;
}

import { maskDocument } from './customer-document.view';
import { ConflictException, Injectable } from '@nestjs/common';
import { Kysely, sql, Transaction } from 'kysely';
import { randomUUID } from 'node:crypto';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import { monotonicNow } from '@kobana/host-kit';
import { BILLING_SCOPES } from '../billing.constants';
import { BillingMessages } from '../billing.messages';
import { BillingIdDto, BillingIdWriteDto } from '../common/billing-id.dto';
import { IdempotencyService } from '@kobana/idempotency';
import { BillingPage, offsetPage } from '../common/offset-page.util';
import { BillingPageView } from '../common/billing-page.view';
import { BillingDatabase } from '../database/billing-database.interface';
import { InjectBillingDatabase } from '../database/inject-billing-database.decorator';
import { assertPermission, rolesWith } from '../identity/billing-permission.policy';
import { findActiveCustomer } from './customer.store';
import { CustomerView, DeletedCustomerView, toCustomerView } from './customer.view';
import { BillingConfirmationMessages } from '../billing-confirmation.messages';
import { CreateCustomerDto } from './dto/create-customer.dto';
import { ListCustomersDto } from './dto/list-customers.dto';
import { UpdateCustomerDto } from './dto/update-customer.dto';

/**
 * Customers of the caller's organization, served by `/api/v1/customers` and
 * by the `billing_customers_*` tools with the same code.
 */
@Injectable()
export class CustomersService {
  constructor(
    @InjectBillingDatabase() private readonly db: Kysely<BillingDatabase>,
    private readonly idempotency: IdempotencyService<BillingDatabase>,
  ) {}

  @McpTool({
    name: 'billing_customers_list',
    output: BillingPageView(CustomerView),
    title: 'List customers',
    description: 'Lists your customers, newest first. page/per_page page through them; fields keeps only the named fields.',
    scopes: [BILLING_SCOPES.read],
    roles: rolesWith('customers.read'),
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  list(@McpCaller() caller: McpCaller, @McpArgs() query: ListCustomersDto): Promise<BillingPage<Partial<CustomerView>>> {
    assertPermission(caller, 'customers.read');
    let rows = this.db.selectFrom('customers').where('organization_id', '=', caller.organization_id).where('deleted_at', 'is', null);
    if (query.name !== undefined) rows = rows.where(sql<boolean>`name like ${`%${escapeLike(query.name)}%`} escape '\\'`);
    return offsetPage(rows, query, toCustomerView);
  }

  @McpTool({
    name: 'billing_customers_get',
    output: CustomerView,
    title: 'Get a customer',
    description: 'Returns one customer: name, CPF/CNPJ and e-mail.',
    scopes: [BILLING_SCOPES.read],
    roles: rolesWith('customers.read'),
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  async get(@McpCaller() caller: McpCaller, @McpArgs() args: BillingIdDto): Promise<CustomerView> {
    assertPermission(caller, 'customers.read');
    return toCustomerView(await findActiveCustomer(this.db, caller.organization_id, args.id));
  }

  @McpTool({
    name: 'billing_customers_create',
    output: CustomerView,
    title: 'Create a customer',
    description: 'Creates a customer. document is the CPF (11 digits) or CNPJ (14 digits), unique among your customers.',
    scopes: [BILLING_SCOPES.write],
    roles: rolesWith('customers.write'),
  })
  async create(@McpCaller() caller: McpCaller, @McpArgs() dto: CreateCustomerDto): Promise<CustomerView> {
    assertPermission(caller, 'customers.write');
    return this.idempotency.run(caller, 'billing_customers_create', dto, async (trx) => {
      await assertDocumentFree(trx, caller.organization_id, dto.document);
      const now = monotonicNow().toISOString();
      const row = {
        id: randomUUID(),
        organization_id: caller.organization_id,
        name: dto.name,
        document: dto.document,
        email: dto.email,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      await trx.insertInto('customers').values(row).execute();
      return toCustomerView(row);
    });
  }

  @McpTool({
    name: 'billing_customers_update',
    output: CustomerView,
    title: 'Update a customer',
    description: 'Changes the name, document or e-mail of a customer; fields you omit stay as they are.',
    scopes: [BILLING_SCOPES.write],
    roles: rolesWith('customers.write'),
    annotations: { idempotentHint: true },
  })
  async update(@McpCaller() caller: McpCaller, @McpArgs() dto: UpdateCustomerDto): Promise<CustomerView> {
    assertPermission(caller, 'customers.write');
    return this.idempotency.run(caller, 'billing_customers_update', dto, async (trx) => {
      const row = await findActiveCustomer(trx, caller.organization_id, dto.id);
      if (dto.document !== undefined && dto.document !== row.document) await assertDocumentFree(trx, caller.organization_id, dto.document);
      const changes = {
        ...(dto.name !== undefined ? { name: dto.name } : {}),
        ...(dto.document !== undefined ? { document: dto.document } : {}),
        ...(dto.email !== undefined ? { email: dto.email } : {}),
        updated_at: new Date().toISOString(),
      };
      await trx.updateTable('customers').set(changes).where('organization_id', '=', caller.organization_id).where('id', '=', dto.id).execute();
      return toCustomerView({ ...row, ...changes });
    });
  }

  /** Soft delete: gone from listings and lookups; its invoices keep naming it. */
  @McpTool({
    name: 'billing_customers_delete',
    output: DeletedCustomerView,
    title: 'Delete a customer',
    description: 'Deletes a customer without active subscriptions. Its past invoices and NF-e remain.',
    scopes: [BILLING_SCOPES.write],
    roles: rolesWith('customers.delete'),
    annotations: { destructiveHint: true },
    // A deletion cannot be taken back: only the person, on the approval page, may allow it.
    confirmation: { requirePerson: true, describe: 'describeDelete' },
  })
  async delete(@McpCaller() caller: McpCaller, @McpArgs() dto: BillingIdWriteDto): Promise<DeletedCustomerView> {
    assertPermission(caller, 'customers.delete');
    return this.idempotency.run(caller, 'billing_customers_delete', dto, async (trx) => {
      await findActiveCustomer(trx, caller.organization_id, dto.id);
      await assertNoActiveSubscription(trx, caller.organization_id, dto.id);
      const now = new Date().toISOString();
      await trx
        .updateTable('customers')
        .set({ deleted_at: now, updated_at: now })
        .where('organization_id', '=', caller.organization_id)
        .where('id', '=', dto.id)
        .execute();
      return { id: dto.id, deleted_at: now };
    });
  }

  /** The customer by name and document, for the person who approves; the same 404 and 409 as {@link delete}. */
  async describeDelete(caller: McpCaller, dto: BillingIdWriteDto): Promise<string> {
    assertPermission(caller, 'customers.delete');
    if (await this.idempotency.replays(caller, 'billing_customers_delete', dto)) return BillingConfirmationMessages.replay();
    const customer = await findActiveCustomer(this.db, caller.organization_id, dto.id);
    await assertNoActiveSubscription(this.db, caller.organization_id, dto.id);
    return BillingConfirmationMessages.customerDelete(BillingConfirmationMessages.customer(customer.name, maskDocument(customer.document)));
  }
}

/** A customer with an active subscription is not deleted. @throws ConflictException (409) when it has one. */
async function assertNoActiveSubscription(db: Kysely<BillingDatabase>, organizationId: string, customerId: string): Promise<void> {
  const active = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('customer_id', '=', customerId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (active) throw new ConflictException(BillingMessages.customerHasSubscriptions());
}

async function assertDocumentFree(trx: Transaction<BillingDatabase>, organizationId: string, document: string): Promise<void> {
  const taken = await trx
    .selectFrom('customers')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('document', '=', document)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (taken) throw new ConflictException(BillingMessages.documentTaken(document));
}

/** `%` and `_` in a search are literal text. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import { monotonicNow } from '@kobana/host-kit';
import { BILLING_SCOPES } from '../billing.constants';
import { BillingMessages } from '../billing.messages';
import { addOneMonth, today } from '../common/billing-dates.util';
import { BillingIdDto, BillingIdWriteDto } from '../common/billing-id.dto';
import { IdempotencyService } from '@kobana/idempotency';
import { BillingPage, offsetPage } from '../common/offset-page.util';
import { BillingPageView } from '../common/billing-page.view';
import { findActiveCustomer } from '../customers/customer.store';
import { BillingDatabase } from '../database/billing-database.interface';
import { InjectBillingDatabase } from '../database/inject-billing-database.decorator';
import { assertPermission, rolesWith } from '../identity/billing-permission.policy';
import { insertInvoice } from '../invoices/invoice.store';
import { ChangePlanDto } from './dto/change-plan.dto';
import { CreateSubscriptionDto } from './dto/create-subscription.dto';
import { ListSubscriptionsDto } from './dto/list-subscriptions.dto';
import { Proration, prorate } from './proration.util';
import { findSubscription } from './subscription.store';
import { PlanChangeView, SubscriptionView, toSubscriptionView } from './subscription.view';
import { BillingConfirmationMessages } from '../billing-confirmation.messages';
import { customerWords } from '../common/billing-confirmation.view';

/** Subscriptions, served by `/api/v1/subscriptions` and the `billing_subscriptions_*` tools. */
@Injectable()
export class SubscriptionsService {
  constructor(
    @InjectBillingDatabase() private readonly db: Kysely<BillingDatabase>,
    private readonly idempotency: IdempotencyService<BillingDatabase>,
  ) {}

  @McpTool({
    name: 'billing_subscriptions_list',
    output: BillingPageView(SubscriptionView),
    title: 'List subscriptions',
    description: 'Lists subscriptions, newest first, optionally by status and customer_id. page/per_page/fields as every listing.',
    scopes: [BILLING_SCOPES.read],
    roles: rolesWith('subscriptions.read'),
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  list(@McpCaller() caller: McpCaller, @McpArgs() query: ListSubscriptionsDto): Promise<BillingPage<Partial<SubscriptionView>>> {
    assertPermission(caller, 'subscriptions.read');
    let rows = this.db.selectFrom('subscriptions').where('organization_id', '=', caller.organization_id);
    if (query.status !== undefined) rows = rows.where('status', '=', query.status as SubscriptionView['status']);
    if (query.customer_id !== undefined) rows = rows.where('customer_id', '=', query.customer_id);
    return offsetPage(rows, query, toSubscriptionView);
  }

  @McpTool({
    name: 'billing_subscriptions_get',
    output: SubscriptionView,
    title: 'Get a subscription',
    description: 'Returns one subscription: plan, monthly price in cents, current period and credit.',
    scopes: [BILLING_SCOPES.read],
    roles: rolesWith('subscriptions.read'),
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  async get(@McpCaller() caller: McpCaller, @McpArgs() args: BillingIdDto): Promise<SubscriptionView> {
    assertPermission(caller, 'subscriptions.read');
    return toSubscriptionView(await findSubscription(this.db, caller.organization_id, args.id));
  }

  /** Starts a monthly subscription and opens the invoice of its first period. */
  @McpTool({
    name: 'billing_subscriptions_create',
    output: SubscriptionView,
    title: 'Create a subscription',
    description: 'Subscribes a customer to a plan (monthly price in cents) from start_date, and opens the invoice of the first month.',
    scopes: [BILLING_SCOPES.write],
    roles: rolesWith('subscriptions.write'),
  })
  async create(@McpCaller() caller: McpCaller, @McpArgs() dto: CreateSubscriptionDto): Promise<SubscriptionView> {
    assertPermission(caller, 'subscriptions.write');
    return this.idempotency.run(caller, 'billing_subscriptions_create', dto, async (trx) => {
      await findActiveCustomer(trx, caller.organization_id, dto.customer_id);
      const start = dto.start_date ?? today();
      const now = monotonicNow().toISOString();
      const row = {
        id: randomUUID(),
        organization_id: caller.organization_id,
        customer_id: dto.customer_id,
        plan: dto.plan,
        amount_cents: dto.amount_cents,
        status: 'active' as const,
        current_period_start: start,
        current_period_end: addOneMonth(start),
        credit_cents: 0,
        created_at: now,
        updated_at: now,
        cancelled_at: null,
      };
      await trx.insertInto('subscriptions').values(row).execute();
      await insertInvoice(trx, {
        organization_id: caller.organization_id,
        customer_id: dto.customer_id,
        subscription_id: row.id,
        description: `Plan ${dto.plan}: ${start} to ${row.current_period_end}`,
        total: dto.amount_cents,
        due_date: start,
      });
      return toSubscriptionView(row);
    });
  }

  /** Changes the plan mid-cycle, prorated by day: an upgrade opens an invoice, a downgrade leaves a credit. */
  @McpTool({
    name: 'billing_subscriptions_change_plan',
    output: PlanChangeView,
    title: 'Change the plan of a subscription',
    description:
      'Moves an active subscription to another plan from effective_date (default today) within the current period. ' +
      'The difference for the remaining days is prorated to the cent: an upgrade opens an invoice for it, a downgrade adds it to credit_cents.',
    scopes: [BILLING_SCOPES.write],
    roles: rolesWith('subscriptions.write'),
  })
  async changePlan(@McpCaller() caller: McpCaller, @McpArgs() dto: ChangePlanDto): Promise<PlanChangeView> {
    assertPermission(caller, 'subscriptions.write');
    return this.idempotency.run(caller, 'billing_subscriptions_change_plan', dto, async (trx) => {
      const row = await findSubscription(trx, caller.organization_id, dto.id);
      if (row.status !== 'active') throw new ConflictException(BillingMessages.subscriptionNotActive(row.status));
      if (row.plan === dto.plan && row.amount_cents === dto.amount_cents) throw new ConflictException(BillingMessages.samePlan());
      const effective = dto.effective_date ?? today();
      let proration: Proration;
      try {
        proration = prorate(row.amount_cents, dto.amount_cents, row.current_period_start, row.current_period_end, effective);
      } catch (error) {
        if (error instanceof RangeError) throw new BadRequestException([error.message]);
        throw error;
      }
      const invoice =
        proration.amount_cents > 0
          ? await insertInvoice(trx, {
              organization_id: caller.organization_id,
              customer_id: row.customer_id,
              subscription_id: row.id,
              description: `Proration ${row.plan} → ${dto.plan}: ${proration.days_remaining}/${proration.days_in_period} days from ${effective}`,
              total: proration.amount_cents,
              due_date: effective,
            })
          : null;
      const changes = {
        plan: dto.plan,
        amount_cents: dto.amount_cents,
        credit_cents: row.credit_cents + Math.max(0, -proration.amount_cents),
        updated_at: new Date().toISOString(),
      };
      await trx.updateTable('subscriptions').set(changes).where('organization_id', '=', caller.organization_id).where('id', '=', row.id).execute();
      return { subscription: toSubscriptionView({ ...row, ...changes }), proration, invoice_id: invoice?.id ?? null };
    });
  }

  @McpTool({
    name: 'billing_subscriptions_cancel',
    output: SubscriptionView,
    title: 'Cancel a subscription',
    description: 'Cancels an active subscription: no further periods are billed. Invoices already open stay open.',
    scopes: [BILLING_SCOPES.write],
    roles: rolesWith('subscriptions.cancel'),
    annotations: { destructiveHint: true },
    confirmation: { describe: 'describeCancel' },
  })
  async cancel(@McpCaller() caller: McpCaller, @McpArgs() dto: BillingIdWriteDto): Promise<SubscriptionView> {
    assertPermission(caller, 'subscriptions.cancel');
    return this.idempotency.run(caller, 'billing_subscriptions_cancel', dto, async (trx) => {
      const row = await findSubscription(trx, caller.organization_id, dto.id);
      if (row.status !== 'active') throw new ConflictException(BillingMessages.subscriptionNotActive(row.status));
      const now = new Date().toISOString();
      const changes = { status: 'cancelled' as const, cancelled_at: now, updated_at: now };
      await trx.updateTable('subscriptions').set(changes).where('organization_id', '=', caller.organization_id).where('id', '=', row.id).execute();
      return toSubscriptionView({ ...row, ...changes });
    });
  }

  /** The subscription by plan, customer and amount, for the person who confirms; the same 404 and 409 as {@link cancel}. */
  async describeCancel(caller: McpCaller, dto: BillingIdWriteDto): Promise<string> {
    assertPermission(caller, 'subscriptions.cancel');
    if (await this.idempotency.replays(caller, 'billing_subscriptions_cancel', dto)) return BillingConfirmationMessages.replay();
    const subscription = await findSubscription(this.db, caller.organization_id, dto.id);
    if (subscription.status !== 'active') throw new ConflictException(BillingMessages.subscriptionNotActive(subscription.status));
    const customer = await customerWords(this.db, caller.organization_id, subscription.customer_id);
    return BillingConfirmationMessages.subscription(subscription.plan, customer, BillingConfirmationMessages.money(subscription.amount_cents));
  }
}

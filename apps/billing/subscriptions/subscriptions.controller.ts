import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { IdempotencyKeyHeader, withIdempotencyKey } from '@kobana/idempotency';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { BILLING_API_V1 } from '../billing.constants';
import { BillingIdDto, BillingIdWriteDto } from '../common/billing-id.dto';
import { BillingPage } from '../common/offset-page.util';
import { ChangePlanBodyDto, ChangePlanDto } from './dto/change-plan.dto';
import { CreateSubscriptionDto } from './dto/create-subscription.dto';
import { ListSubscriptionsDto } from './dto/list-subscriptions.dto';
import { SubscriptionView } from './subscription.view';
import { SubscriptionsService } from './subscriptions.service';
import { PlanChangeView } from './subscription.view';
import { OpenApiRoute } from '@kobana/openapi';

/** `/api/v1/subscriptions`: each route calls the service method its tool runs. */
@Controller(`${BILLING_API_V1}/subscriptions`)
@UseGuards(ApiAuthGuard)
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  /** = `billing_subscriptions_list`. */
  @Get()
  @OpenApiRoute({ tool: 'billing_subscriptions_list', errors: [403] })
  list(@CurrentCaller() caller: McpCaller, @Query() query: ListSubscriptionsDto): Promise<BillingPage<Partial<SubscriptionView>>> {
    return this.subscriptions.list(caller, query);
  }

  /** = `billing_subscriptions_get`. */
  @Get(':id')
  @OpenApiRoute({ tool: 'billing_subscriptions_get', errors: [403] })
  get(@CurrentCaller() caller: McpCaller, @Param('id') id: string): Promise<SubscriptionView> {
    return this.subscriptions.get(caller, Object.assign(new BillingIdDto(), { id }));
  }

  /** = `billing_subscriptions_create`. */
  @Post()
  @OpenApiRoute({ tool: 'billing_subscriptions_create', errors: [403, 404, 409] })
  create(@CurrentCaller() caller: McpCaller, @Body() body: CreateSubscriptionDto, @IdempotencyKeyHeader() key?: string): Promise<SubscriptionView> {
    return this.subscriptions.create(caller, withIdempotencyKey(body, key));
  }

  /** = `billing_subscriptions_change_plan`. */
  @Post(':id/change_plan')
  @HttpCode(200)
  @OpenApiRoute({ tool: 'billing_subscriptions_change_plan', errors: [403, 409] })
  changePlan(
    @CurrentCaller() caller: McpCaller,
    @Param('id') id: string,
    @Body() body: ChangePlanBodyDto,
    @IdempotencyKeyHeader() key?: string,
  ): Promise<PlanChangeView> {
    return this.subscriptions.changePlan(caller, withIdempotencyKey(Object.assign(new ChangePlanDto(), body, { id }), key));
  }

  /** = `billing_subscriptions_cancel`. */
  @Delete(':id')
  @OpenApiRoute({ tool: 'billing_subscriptions_cancel', errors: [403, 409] })
  cancel(@CurrentCaller() caller: McpCaller, @Param('id') id: string, @IdempotencyKeyHeader() key?: string): Promise<SubscriptionView> {
    return this.subscriptions.cancel(caller, withIdempotencyKey(Object.assign(new BillingIdWriteDto(), { id }), key));
  }
}

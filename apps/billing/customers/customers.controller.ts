import { Body, Controller, Delete, Get, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { IdempotencyKeyHeader, withIdempotencyKey } from '@kobana/idempotency';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { BILLING_API_V1 } from '../billing.constants';
import { BillingIdDto, BillingIdWriteDto } from '../common/billing-id.dto';
import { BillingPage } from '../common/offset-page.util';
import { CustomerView } from './customer.view';
import { CustomersService } from './customers.service';
import { DeletedCustomerView } from './customer.view';
import { CreateCustomerDto } from './dto/create-customer.dto';
import { ListCustomersDto } from './dto/list-customers.dto';
import { UpdateCustomerBodyDto, UpdateCustomerDto } from './dto/update-customer.dto';
import { OpenApiRoute } from '@kobana/openapi';

/** `/api/v1/customers`: each route hands the tool's DTO to the service method the tool runs. */
@Controller(`${BILLING_API_V1}/customers`)
@UseGuards(ApiAuthGuard)
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  /** = `billing_customers_list`. */
  @Get()
  @OpenApiRoute({ tool: 'billing_customers_list', errors: [403] })
  list(@CurrentCaller() caller: McpCaller, @Query() query: ListCustomersDto): Promise<BillingPage<Partial<CustomerView>>> {
    return this.customers.list(caller, query);
  }

  /** = `billing_customers_get`. */
  @Get(':id')
  @OpenApiRoute({ tool: 'billing_customers_get', errors: [403] })
  get(@CurrentCaller() caller: McpCaller, @Param('id') id: string): Promise<CustomerView> {
    return this.customers.get(caller, Object.assign(new BillingIdDto(), { id }));
  }

  /** = `billing_customers_create`. */
  @Post()
  @OpenApiRoute({ tool: 'billing_customers_create', errors: [403, 409] })
  create(@CurrentCaller() caller: McpCaller, @Body() body: CreateCustomerDto, @IdempotencyKeyHeader() key?: string): Promise<CustomerView> {
    return this.customers.create(caller, withIdempotencyKey(body, key));
  }

  /** = `billing_customers_update`. */
  @Patch(':id')
  @OpenApiRoute({ tool: 'billing_customers_update', errors: [403, 409] })
  update(
    @CurrentCaller() caller: McpCaller,
    @Param('id') id: string,
    @Body() body: UpdateCustomerBodyDto,
    @IdempotencyKeyHeader() key?: string,
  ): Promise<CustomerView> {
    return this.customers.update(caller, withIdempotencyKey(Object.assign(new UpdateCustomerDto(), body, { id }), key));
  }

  /** = `billing_customers_delete`. */
  @Delete(':id')
  @OpenApiRoute({ tool: 'billing_customers_delete', errors: [403, 409] })
  delete(@CurrentCaller() caller: McpCaller, @Param('id') id: string, @IdempotencyKeyHeader() key?: string): Promise<DeletedCustomerView> {
    return this.customers.delete(caller, withIdempotencyKey(Object.assign(new BillingIdWriteDto(), { id }), key));
  }
}

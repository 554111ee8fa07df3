import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { API_V1 } from '../app.constants';
import { IdempotencyKeyHeader, IdempotentDto, withIdempotencyKey } from '@kobana/idempotency';
import { ParseIdPipe } from '../common/ids/parse-id.pipe';
import { Page } from '../common/pagination/page.interface';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { ContinueExecutionBodyDto, ContinueExecutionDto } from './dto/continue-execution.dto';
import { CancelExecutionDto, ExecutionIdDto } from './dto/execution-id.dto';
import { ListExecutionsDto } from './dto/list-executions.dto';
import { ExecutionView } from './execution.view';
import { ExecutionsService } from './executions.service';
import { OpenApiRoute } from '@kobana/openapi';

/** `/api/v1/executions`: each route hands the tool's DTO to the service method the tool runs. */
@Controller(`${API_V1}/executions`)
@UseGuards(ApiAuthGuard)
export class ExecutionsController {
  constructor(private readonly executions: ExecutionsService) {}

  /** `GET /api/v1/executions` = `kadu_executions_list`. */
  @Get()
  @OpenApiRoute({ tool: 'kadu_executions_list' })
  list(@CurrentCaller() caller: McpCaller, @Query() query: ListExecutionsDto): Promise<Page<ExecutionView>> {
    return this.executions.list(caller, query);
  }

  /** `GET /api/v1/executions/:id` = `kadu_executions_get`. */
  @Get(':id')
  @OpenApiRoute({ tool: 'kadu_executions_get' })
  get(@CurrentCaller() caller: McpCaller, @Param('id', ParseIdPipe) id: string): Promise<ExecutionView> {
    return this.executions.get(caller, Object.assign(new ExecutionIdDto(), { id }));
  }

  /** `POST /api/v1/executions/:id/cancel` = `kadu_executions_cancel`. */
  @Post(':id/cancel')
  @HttpCode(200)
  @OpenApiRoute({ tool: 'kadu_executions_cancel', errors: [403, 409] })
  cancel(
    @CurrentCaller() caller: McpCaller,
    @Param('id', ParseIdPipe) id: string,
    @Body() body: IdempotentDto,
    @IdempotencyKeyHeader() key: string | undefined,
  ): Promise<ExecutionView> {
    return this.executions.cancel(caller, withIdempotencyKey(Object.assign(new CancelExecutionDto(), body, { id }), key));
  }

  /** `POST /api/v1/executions/:id/continue` = `kadu_executions_continue`. */
  @Post(':id/continue')
  @HttpCode(200)
  @OpenApiRoute({ tool: 'kadu_executions_continue', errors: [403, 409] })
  continue(
    @CurrentCaller() caller: McpCaller,
    @Param('id', ParseIdPipe) id: string,
    @Body() body: ContinueExecutionBodyDto,
    @IdempotencyKeyHeader() key: string | undefined,
  ): Promise<ExecutionView> {
    return this.executions.continue(caller, withIdempotencyKey(Object.assign(new ContinueExecutionDto(), body, { id }), key));
  }
}

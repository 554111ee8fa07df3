import { Body, Controller, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { API_V1 } from '../app.constants';
import { ParseIdPipe } from '../common/ids/parse-id.pipe';
import { IdempotencyKeyHeader, withIdempotencyKey } from '@kobana/idempotency';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { RunTaskBodyDto, RunTaskDto } from './dto/run-task.dto';
import { ExecutionView } from './execution.view';
import { TaskRunsService } from './task-runs.service';
import { OpenApiRoute } from '@kobana/openapi';

/** `POST /api/v1/tasks/:id/runs` = `kadu_tasks_run`: 202, the execution is only queued. */
@Controller(`${API_V1}/tasks/:id/runs`)
@UseGuards(ApiAuthGuard)
export class TaskRunsController {
  constructor(private readonly runs: TaskRunsService) {}

  /** Queues an execution; follow it at `GET /api/v1/executions/:id`. */
  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @OpenApiRoute({ tool: 'kadu_tasks_run', errors: [402, 403, 409] })
  run(
    @CurrentCaller() caller: McpCaller,
    @Param('id', ParseIdPipe) id: string,
    @Body() body: RunTaskBodyDto,
    @IdempotencyKeyHeader() key: string | undefined,
  ): Promise<ExecutionView> {
    return this.runs.run(caller, withIdempotencyKey(Object.assign(new RunTaskDto(), body, { id }), key));
  }
}

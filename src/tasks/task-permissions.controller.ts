import { Body, Controller, Get, Param, Put, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { API_V1 } from '../app.constants';
import { ParseIdPipe } from '../common/ids/parse-id.pipe';
import { IdempotencyKeyHeader, withIdempotencyKey } from '@kobana/idempotency';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { TaskIdDto } from './dto/task-id.dto';
import { UpdateTaskPermissionsBodyDto, UpdateTaskPermissionsDto } from './dto/update-task-permissions.dto';
import { TaskPermissionsService } from './task-permissions.service';
import { TaskPermissionsView } from './task-permissions.view';
import { OpenApiRoute } from '@kobana/openapi';

/** `/api/v1/tasks/:id/permissions`: who may run a task. */
@Controller(`${API_V1}/tasks/:id/permissions`)
@UseGuards(ApiAuthGuard)
export class TaskPermissionsController {
  constructor(private readonly permissions: TaskPermissionsService) {}

  /** `GET` = `kadu_task_permissions_get`. */
  @Get()
  @OpenApiRoute({ tool: 'kadu_task_permissions_get' })
  get(@CurrentCaller() caller: McpCaller, @Param('id', ParseIdPipe) id: string): Promise<TaskPermissionsView> {
    return this.permissions.get(caller, Object.assign(new TaskIdDto(), { id }));
  }

  /** `PUT` (`Idempotency-Key` header) = `kadu_task_permissions_update`. */
  @Put()
  @OpenApiRoute({ tool: 'kadu_task_permissions_update', errors: [403, 409] })
  update(
    @CurrentCaller() caller: McpCaller,
    @Param('id', ParseIdPipe) id: string,
    @Body() body: UpdateTaskPermissionsBodyDto,
    @IdempotencyKeyHeader() key: string | undefined,
  ): Promise<TaskPermissionsView> {
    return this.permissions.update(caller, withIdempotencyKey(Object.assign(new UpdateTaskPermissionsDto(), body, { id }), key));
  }
}

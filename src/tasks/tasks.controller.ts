import { Body, Controller, Delete, Get, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { API_V1 } from '../app.constants';
import { IdempotencyKeyHeader, withIdempotencyKey } from '@kobana/idempotency';
import { ParseIdPipe } from '../common/ids/parse-id.pipe';
import { Page } from '../common/pagination/page.interface';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { CreateTaskDto } from './dto/create-task.dto';
import { ListTasksDto } from './dto/list-tasks.dto';
import { DeleteTaskDto, TaskIdDto } from './dto/task-id.dto';
import { UpdateTaskBodyDto, UpdateTaskDto } from './dto/update-task.dto';
import { TaskView } from './task.view';
import { TasksService } from './tasks.service';
import { DeletedTaskView } from './task.view';
import { OpenApiRoute } from '@kobana/openapi';

/** `/api/v1/tasks`: each route hands the tool's DTO to the same service method the tool runs. */
@Controller(`${API_V1}/tasks`)
@UseGuards(ApiAuthGuard)
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  /** `GET /api/v1/tasks` = `kadu_tasks_list`. */
  @Get()
  @OpenApiRoute({ tool: 'kadu_tasks_list' })
  list(@CurrentCaller() caller: McpCaller, @Query() query: ListTasksDto): Promise<Page<TaskView>> {
    return this.tasks.list(caller, query);
  }

  /** `GET /api/v1/tasks/:id` = `kadu_tasks_get`. */
  @Get(':id')
  @OpenApiRoute({ tool: 'kadu_tasks_get' })
  get(@CurrentCaller() caller: McpCaller, @Param('id', ParseIdPipe) id: string): Promise<TaskView> {
    return this.tasks.get(caller, Object.assign(new TaskIdDto(), { id }));
  }

  /** `POST /api/v1/tasks` (`Idempotency-Key` header) = `kadu_tasks_create`. */
  @Post()
  @OpenApiRoute({ tool: 'kadu_tasks_create', errors: [403, 409] })
  create(@CurrentCaller() caller: McpCaller, @Body() body: CreateTaskDto, @IdempotencyKeyHeader() key: string | undefined): Promise<TaskView> {
    return this.tasks.create(caller, withIdempotencyKey(body, key));
  }

  /** `PATCH /api/v1/tasks/:id` = `kadu_tasks_update`. */
  @Patch(':id')
  @OpenApiRoute({ tool: 'kadu_tasks_update', errors: [403, 409] })
  update(
    @CurrentCaller() caller: McpCaller,
    @Param('id', ParseIdPipe) id: string,
    @Body() body: UpdateTaskBodyDto,
    @IdempotencyKeyHeader() key: string | undefined,
  ): Promise<TaskView> {
    return this.tasks.update(caller, withIdempotencyKey(Object.assign(new UpdateTaskDto(), body, { id }), key));
  }

  /** `DELETE /api/v1/tasks/:id` = `kadu_tasks_delete`. */
  @Delete(':id')
  @OpenApiRoute({ tool: 'kadu_tasks_delete', errors: [403, 409] })
  delete(@CurrentCaller() caller: McpCaller, @Param('id', ParseIdPipe) id: string, @IdempotencyKeyHeader() key: string | undefined): Promise<DeletedTaskView> {
    return this.tasks.delete(caller, withIdempotencyKey(Object.assign(new DeleteTaskDto(), { id }), key));
  }
}

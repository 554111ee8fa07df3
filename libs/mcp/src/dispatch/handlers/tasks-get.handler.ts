import { Injectable } from '@nestjs/common';
import { McpMethodContext } from '../../interfaces/mcp-method-context.interface';
import { McpMethodHandler } from '../mcp-method.handler';
import { McpServerDescription } from '../../discovery/mcp-server-description.service';
import { McpTasks } from '../../tasks/mcp-tasks.service';
import { taskIdOf } from './mcp-task-method.util';

/** `tasks/get` (tasks extension): the task's status now, with its result, error or outstanding requests. */
@Injectable()
export class TasksGetHandler implements McpMethodHandler {
  readonly method = 'tasks/get';
  readonly eras = ['2026'] as const;
  readonly cacheable = false;

  constructor(
    private readonly server: McpServerDescription,
    private readonly tasks: McpTasks,
  ) {}

  handle(context: McpMethodContext) {
    return this.tasks.get(context.caller, taskIdOf(context, this.server));
  }
}

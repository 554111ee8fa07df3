import { Injectable } from '@nestjs/common';
import { McpMethodContext } from '../../interfaces/mcp-method-context.interface';
import { McpMethodHandler } from '../mcp-method.handler';
import { McpServerDescription } from '../../discovery/mcp-server-description.service';
import { McpTasks } from '../../tasks/mcp-tasks.service';
import { noteTask } from '../../audit/mcp-audit-note.util';
import { taskIdOf } from './mcp-task-method.util';

/** `tasks/cancel` (tasks extension): asks for the task's work to stop; an empty ack, also for a task already final. */
@Injectable()
export class TasksCancelHandler implements McpMethodHandler {
  readonly method = 'tasks/cancel';
  readonly eras = ['2026'] as const;
  readonly cacheable = false;

  constructor(
    private readonly server: McpServerDescription,
    private readonly tasks: McpTasks,
  ) {}

  async handle(context: McpMethodContext) {
    const { record } = await this.tasks.cancel(context.caller, taskIdOf(context, this.server));
    noteTask(context.request, record.tool, record.id);
    return {};
  }
}

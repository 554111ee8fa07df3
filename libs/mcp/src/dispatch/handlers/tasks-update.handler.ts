import { Injectable } from '@nestjs/common';
import { McpMethodContext } from '../../interfaces/mcp-method-context.interface';
import { McpMethodHandler } from '../mcp-method.handler';
import { McpServerDescription } from '../../discovery/mcp-server-description.service';
import { McpTasks } from '../../tasks/mcp-tasks.service';
import { optionalObject } from '../../params/mcp-params.parser';
import { invalidParams } from '../../errors/mcp-method.error';
import { McpMessages } from '../../mcp.messages';
import { noteTask } from '../../audit/mcp-audit-note.util';
import { taskIdOf } from './mcp-task-method.util';

/** `tasks/update` (tasks extension): the client's answers to a task's `inputRequests`; an empty ack. */
@Injectable()
export class TasksUpdateHandler implements McpMethodHandler {
  readonly method = 'tasks/update';
  readonly eras = ['2026'] as const;
  readonly cacheable = false;

  constructor(
    private readonly server: McpServerDescription,
    private readonly tasks: McpTasks,
  ) {}

  async handle(context: McpMethodContext) {
    const id = taskIdOf(context, this.server);
    const responses = optionalObject(context.params, 'inputResponses', context.era);
    if (!responses || Object.values(responses).some((answer) => answer === null || typeof answer !== 'object' || Array.isArray(answer))) {
      throw invalidParams(context.era, McpMessages.invalidParams('"inputResponses" must be an object of objects'));
    }
    const { record } = await this.tasks.update(context.caller, id, responses as Record<string, Record<string, unknown>>);
    noteTask(context.request, record.tool, record.id);
    return {};
  }
}

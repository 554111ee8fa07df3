import { McpMethodContext } from '../../interfaces/mcp-method-context.interface';
import { McpServerDescription } from '../../discovery/mcp-server-description.service';
import { methodNotFound } from '../../errors/mcp-method.error';
import { tasksExtensionRequired } from '../../errors/mcp-task.error';
import { declaresTasks } from '../../tasks/mcp-task-capability.policy';
import { requiredString } from '../../params/mcp-params.parser';

/**
 * What `tasks/get`, `tasks/update` and `tasks/cancel` check first: the
 * server has task tools (else the method does not exist), the request
 * declares the extension (else -32021), and `taskId` is a string (-32602).
 * Answers the task id.
 */
export function taskIdOf(context: McpMethodContext, server: McpServerDescription): string {
  if (!server.offersTasks()) throw methodNotFound(context.message.method, context.era);
  if (!declaresTasks(context)) throw tasksExtensionRequired(context.message.method);
  return requiredString(context.params, 'taskId', context.era);
}

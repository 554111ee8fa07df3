import { Injectable } from '@nestjs/common';
import { McpMethodContext } from '../../interfaces/mcp-method-context.interface';
import { McpCallContext } from '../../interfaces/mcp-call-context.interface';
import { McpMethodHandler } from '../mcp-method.handler';
import { McpToolRegistry } from '../../discovery/mcp-tool.registry';
import { McpToolInvoker } from '../../invokers/mcp-tool-invoker.service';
import { optionalObject, requiredString } from '../../params/mcp-params.parser';
import { invalidParams } from '../../errors/mcp-method.error';
import { assertAccess } from '../mcp-call-access.policy';
import { mcpCallContext } from '../../params/mcp-call-context.factory';
import { McpMessages } from '../../mcp.messages';
import { McpConfirmationGate } from '../../confirmation/mcp-confirmation.service';
import { noteConfirmation } from '../../audit/mcp-audit-note.util';
import { McpTasks } from '../../tasks/mcp-tasks.service';
import { declaresTasks } from '../../tasks/mcp-task-capability.policy';
import { tasksExtensionRequired } from '../../errors/mcp-task.error';

/**
 * `tools/call`: finds the tool, checks the caller may run it, has a
 * destructive one confirmed, and invokes it in-process. A task tool called
 * by a request that declares the tasks extension answers a task once the
 * confirmation is settled (see docs/tasks.md).
 */
@Injectable()
export class ToolsCallHandler implements McpMethodHandler {
  readonly method = 'tools/call';
  readonly eras = ['2025', '2026'] as const;
  readonly cacheable = false;

  constructor(
    private readonly tools: McpToolRegistry,
    private readonly invoker: McpToolInvoker,
    private readonly confirmation: McpConfirmationGate,
    private readonly tasks: McpTasks,
  ) {}

  async handle(context: McpMethodContext) {
    const { params, era, caller } = context;
    const name = requiredString(params, 'name', era);
    const args = optionalObject(params, 'arguments', era) ?? {};
    const unknown = () => invalidParams(era, McpMessages.unknownTool(name));
    const tool = this.tools.get(name);
    if (!tool) throw unknown();
    assertAccess(tool, caller, 'tool', unknown);
    const asTask = tool.task !== undefined && declaresTasks(context);
    if (tool.task?.support === 'required' && !asTask) throw tasksExtensionRequired(`tool "${name}"`);
    const callContext: McpCallContext = asTask ? { ...mcpCallContext(context), task: true } : mcpCallContext(context);
    const outcome = await this.confirmation.check(tool, args, caller, callContext);
    noteConfirmation(context.request, outcome.step, outcome.run);
    if (!outcome.run) return outcome.result;
    // A destructive tool's arguments were validated by the gate: the call takes them rather than validating again.
    const validated = outcome.validatedArgs !== undefined;
    const callArgs = validated ? outcome.validatedArgs : args;
    if (asTask)
      return { ...(await this.invoker.invokeAsTask(tool, callArgs, caller, callContext, validated, (handle) => this.tasks.create(tool, caller, handle))) };
    return { ...(await this.invoker.invoke(tool, callArgs, caller, callContext, validated)) };
  }
}

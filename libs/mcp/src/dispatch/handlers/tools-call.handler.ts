import { Injectable } from '@nestjs/common';
import { McpMethodContext } from '../../interfaces/mcp-method-context.interface';
import { McpMethodHandler } from '../mcp-method.handler';
import { McpToolRegistry } from '../../discovery/mcp-tool.registry';
import { McpToolInvoker } from '../../invokers/mcp-tool.invoker';
import { optionalObject, requiredString } from '../../params/mcp-params.reader';
import { invalidParams } from '../../errors/mcp-method.errors';
import { assertAccess } from '../mcp-access.check';
import { mcpCallContext } from '../../params/mcp-call.context';
import { McpMessages } from '../../mcp.messages';
import { McpConfirmationGate } from '../../confirmation/mcp-confirmation.gate';
import { noteConfirmation } from '../../audit/mcp-audit.note';

/** `tools/call`: finds the tool, checks the caller may run it, has a destructive one confirmed, and invokes it in-process. */
@Injectable()
export class ToolsCallHandler implements McpMethodHandler {
  readonly method = 'tools/call';
  readonly eras = ['2025', '2026'] as const;
  readonly cacheable = false;

  constructor(
    private readonly tools: McpToolRegistry,
    private readonly invoker: McpToolInvoker,
    private readonly confirmation: McpConfirmationGate,
  ) {}

  async handle(context: McpMethodContext) {
    const { params, era, caller } = context;
    const name = requiredString(params, 'name', era);
    const args = optionalObject(params, 'arguments', era) ?? {};
    const unknown = () => invalidParams(era, McpMessages.unknownTool(name));
    const tool = this.tools.get(name);
    if (!tool) throw unknown();
    assertAccess(tool, caller, 'tool', unknown);
    const callContext = mcpCallContext(context);
    const outcome = await this.confirmation.check(tool, args, caller, callContext);
    noteConfirmation(context.request, outcome.step, outcome.run);
    if (!outcome.run) return outcome.result;
    // A destructive tool's arguments were validated by the gate: the call takes them rather than validating again.
    const validated = outcome.validatedArgs !== undefined;
    return { ...(await this.invoker.invoke(tool, validated ? outcome.validatedArgs : args, caller, callContext, validated)) };
  }
}

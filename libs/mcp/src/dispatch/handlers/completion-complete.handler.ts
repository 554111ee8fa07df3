import { Injectable } from '@nestjs/common';
import { McpMethodContext } from '../../interfaces/mcp-method-context.interface';
import { McpMethodHandler } from '../mcp-method.handler';
import { McpPromptRegistry } from '../../discovery/mcp-prompt.registry';
import { McpResourceTemplateRegistry } from '../../discovery/mcp-resource-template.registry';
import { McpCompletionRegistry } from '../../discovery/mcp-completion.registry';
import { McpProviderInvoker } from '../../invokers/mcp-provider-invoker.service';
import { invalidParams } from '../../errors/mcp-method.error';
import { assertAccess } from '../mcp-call-access.policy';
import { mcpCallContext } from '../../params/mcp-call-context.factory';
import { readCompletionParams } from '../../params/mcp-completion-params.parser';
import { completionResult, noCompletion } from '../../results/mcp-completion.view';
import { McpMessages } from '../../mcp.messages';
import { McpCaller } from '../../interfaces/mcp-caller.interface';
import { McpEra } from '../../interfaces/mcp-request.interface';
import { McpCompletionRef } from '../../interfaces/mcp-completion-options.interface';
import { McpCompletionContext } from '../../interfaces/mcp-call-context.interface';

/**
 * `completion/complete`: suggestions for a prompt argument or template
 * variable, only for a caller who may use that prompt or template, so a
 * completion never reveals what its list would hide.
 */
@Injectable()
export class CompletionCompleteHandler implements McpMethodHandler {
  readonly method = 'completion/complete';
  readonly eras = ['2025', '2026'] as const;
  readonly cacheable = false;
  readonly capability = 'completions';

  constructor(
    private readonly prompts: McpPromptRegistry,
    private readonly templates: McpResourceTemplateRegistry,
    private readonly completions: McpCompletionRegistry,
    private readonly invoker: McpProviderInvoker,
  ) {}

  async handle(context: McpMethodContext) {
    const { params, era, caller } = context;
    const { ref, argument, resolved } = readCompletionParams(params, era);
    this.checkTarget(ref, caller, era);
    const completion = this.completions.get(ref, argument.name);
    if (!completion) return { ...noCompletion() };
    const completionContext: McpCompletionContext = { ...mcpCallContext(context), argument: argument.name, arguments: resolved };
    const sources = { caller, value: argument.value, args: resolved, context: completionContext };
    return { ...completionResult(completion.owner, await this.invoker.invokeForProtocol(completion, sources, era)) };
  }

  /** The prompt or template must exist and be usable by the caller, exactly as `prompts/get` or `resources/read` would require. */
  private checkTarget(ref: McpCompletionRef, caller: McpCaller, era: McpEra): void {
    if (ref.type === 'ref/prompt') {
      const unknown = () => invalidParams(era, McpMessages.unknownPrompt(ref.name));
      const prompt = this.prompts.get(ref.name);
      if (!prompt) throw unknown();
      return assertAccess(prompt, caller, 'prompt', unknown);
    }
    const unknown = () => invalidParams(era, McpMessages.unknownResourceTemplate(ref.uri));
    const template = this.templates.get(ref.uri);
    if (!template) throw unknown();
    assertAccess(template, caller, 'resource', unknown);
  }
}

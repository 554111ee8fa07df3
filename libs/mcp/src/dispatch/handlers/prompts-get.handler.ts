import { Injectable } from '@nestjs/common';
import { McpMethodContext } from '../../interfaces/mcp-method-context.interface';
import { McpMethodHandler } from '../mcp-method.handler';
import { McpPromptRegistry } from '../../discovery/mcp-prompt.registry';
import { McpProviderInvoker } from '../../invokers/mcp-provider-invoker.service';
import { optionalStringRecord, requiredString } from '../../params/mcp-params.parser';
import { invalidParams } from '../../errors/mcp-method.error';
import { assertAccess } from '../mcp-call-access.policy';
import { mcpCallContext } from '../../params/mcp-call-context.factory';
import { promptResult } from '../../results/mcp-prompt.view';
import { McpMessages } from '../../mcp.messages';
import { McpInputRequired } from '../../results/mcp-input-required.view';

/** `prompts/get`: checks the caller may use the prompt and has given its required arguments, then builds the messages. */
@Injectable()
export class PromptsGetHandler implements McpMethodHandler {
  readonly method = 'prompts/get';
  readonly eras = ['2025', '2026'] as const;
  readonly cacheable = false;
  readonly capability = 'prompts';

  constructor(
    private readonly prompts: McpPromptRegistry,
    private readonly invoker: McpProviderInvoker,
  ) {}

  async handle(context: McpMethodContext) {
    const { params, era, caller } = context;
    const name = requiredString(params, 'name', era);
    const args = optionalStringRecord(params, 'arguments', era) ?? {};
    const unknown = () => invalidParams(era, McpMessages.unknownPrompt(name));
    const prompt = this.prompts.get(name);
    if (!prompt) throw unknown();
    // Access before arguments: complaining about arguments would reveal the prompt to a role that may not see it.
    assertAccess(prompt, caller, 'prompt', unknown);
    const missing = (prompt.options.arguments ?? []).filter((argument) => argument.required && args[argument.name] === undefined);
    if (missing.length > 0) throw invalidParams(era, McpMessages.missingArguments(missing.map((argument) => argument.name)));
    const value = await this.invoker.invokeForProtocol(prompt, { caller, args: { ...args }, context: mcpCallContext(context) }, era);
    if (value instanceof McpInputRequired) {
      if (era === '2026') return value.toResult();
      throw invalidParams(era, McpMessages.inputRequiredUnsupported());
    }
    return { ...promptResult(prompt, value) };
  }
}

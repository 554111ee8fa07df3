import { Injectable } from '@nestjs/common';
import { McpArgs, McpCompletion, McpContext, McpInputRequired, McpPrompt } from '@kobana/mcp';
import type { McpCallContext, McpContentBlock } from '@kobana/mcp';
import { accepted, answer, elicit } from './conformance-input-required.util';
import { ARG1_CANDIDATES, RED_PIXEL_PNG, TEXTS } from './conformance-fixtures.constants';

/** A prompt message with any content block (the module passes every `{ type, … }` content through). */
interface PromptMessage {
  role: 'user' | 'assistant';
  content: McpContentBlock;
}

/** The suite's prompts, and the completion of `test_prompt_with_arguments`. */
@Injectable()
export class ConformancePrompts {
  @McpPrompt({ name: 'test_simple_prompt', description: 'A simple prompt without arguments' })
  simple() {
    return TEXTS.simplePrompt;
  }

  @McpPrompt({
    name: 'test_prompt_with_arguments',
    description: 'A prompt with two required arguments',
    arguments: [
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ],
  })
  withArguments(@McpArgs() args: Record<string, string>) {
    return `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'`;
  }

  @McpPrompt({
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt that embeds a resource',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
  })
  withEmbeddedResource(@McpArgs() args: Record<string, string>): PromptMessage[] {
    return [
      { role: 'user', content: { type: 'resource', resource: { uri: args.resourceUri, mimeType: 'text/plain', text: TEXTS.promptEmbedded } } },
      { role: 'user', content: { type: 'text', text: TEXTS.promptEmbeddedAsk } },
    ];
  }

  @McpPrompt({ name: 'test_prompt_with_image', description: 'A prompt with an image' })
  withImage(): PromptMessage[] {
    return [
      { role: 'user', content: { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: TEXTS.promptImageAsk } },
    ];
  }

  /** Era 2026: `prompts/get` may answer input_required too (SEP-2322). */
  @McpPrompt({ name: 'test_input_required_result_prompt', description: 'A prompt that first asks the user for context' })
  withInput(@McpContext() context: McpCallContext) {
    const chosen = accepted(answer(context, 'user_context'))?.context;
    if (chosen === undefined) {
      return new McpInputRequired({ user_context: elicit('What context should the prompt use?', { context: 'string' }) });
    }
    return `Use this context: ${String(chosen)}`;
  }

  /** Undecorated completion method: called as `(caller, value, context)`; the module keeps the first 100 and counts the rest. */
  @McpCompletion({ ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' }, argument: 'arg1' })
  arg1(_caller: unknown, value: string) {
    return ARG1_CANDIDATES.filter((candidate) => candidate.startsWith(value));
  }
}

import { Injectable } from '@nestjs/common';
import { McpMethodContext, McpMethodHandler } from '../mcp-method.handler';
import { McpPromptRegistry } from '../../discovery/mcp-prompt.registry';
import { rejectCursor } from '../mcp-params';

/** `prompts/list`: the ready-made scripts this caller may use, filtered by role and scope. */
@Injectable()
export class PromptsListHandler implements McpMethodHandler {
  readonly method = 'prompts/list';
  readonly eras = ['2025', '2026'] as const;
  readonly cacheable = true;
  readonly capability = 'prompts';

  constructor(private readonly prompts: McpPromptRegistry) {}

  resultKey({ params, era, caller }: McpMethodContext): string {
    rejectCursor(params, era);
    return this.prompts.visibilityKey(caller);
  }

  handle({ params, era, caller }: McpMethodContext) {
    rejectCursor(params, era);
    return { prompts: this.prompts.visibleTo(caller) };
  }
}

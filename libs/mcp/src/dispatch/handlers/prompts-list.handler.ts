import { Injectable } from '@nestjs/common';
import { McpPromptRegistry } from '../../discovery/mcp-prompt.registry';
import { McpListHandler } from './mcp-list.handler';

/** `prompts/list`: the ready-made scripts this caller may use, filtered by role and scope. */
@Injectable()
export class PromptsListHandler extends McpListHandler {
  readonly method = 'prompts/list';
  readonly capability = 'prompts';
  protected readonly field = 'prompts';

  constructor(prompts: McpPromptRegistry) {
    super(prompts);
  }
}

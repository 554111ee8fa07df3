import { Injectable } from '@nestjs/common';
import { McpCompletionDefinition } from '../interfaces/mcp-completion-definition.interface';
import { McpCompletionRef } from '../interfaces/mcp-completion-options.interface';
import { McpMessages } from '../mcp.messages';

/**
 * The completions of the application, by target and argument. They are not
 * listed: a completion is reached through its prompt or template, whose
 * access rules it shares.
 */
@Injectable()
export class McpCompletionRegistry {
  private readonly completions = new Map<string, McpCompletionDefinition>();

  /** Adds a completion; a second one for the same argument of the same target stops start-up. */
  register(completion: McpCompletionDefinition): void {
    const { ref, argument } = completion.options;
    const key = completionKey(ref, argument);
    const existing = this.completions.get(key);
    if (existing) throw new Error(McpMessages.duplicateCompletion(describeCompletionRef(ref), argument, existing.owner, completion.owner));
    this.completions.set(key, completion);
  }

  get(ref: McpCompletionRef, argument: string): McpCompletionDefinition | undefined {
    return this.completions.get(completionKey(ref, argument));
  }

  list(): McpCompletionDefinition[] {
    return [...this.completions.values()];
  }
}

/** `prompt "x"` or `resource template "y"`, for messages. */
export function describeCompletionRef(ref: McpCompletionRef): string {
  return ref.type === 'ref/prompt' ? `prompt "${ref.name}"` : `resource template "${ref.uri}"`;
}

function completionKey(ref: McpCompletionRef, argument: string): string {
  // JSON keeps names that contain separators from colliding.
  return JSON.stringify([ref.type, ref.type === 'ref/prompt' ? ref.name : ref.uri, argument]);
}

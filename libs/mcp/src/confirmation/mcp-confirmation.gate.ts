import { Injectable } from '@nestjs/common';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpCallContext } from '../interfaces/mcp-call-context.interface';
import { McpToolDefinition } from '../interfaces/mcp-tool-definition.interface';
import { confirmationDigest } from './mcp-confirmation.digest';
import { McpConfirmationOutcome } from './mcp-confirmation.request';
import { McpElicitationConfirmer } from './mcp-elicitation.confirmer';
import { McpApprovalConfirmer } from './mcp-approval.confirmer';

/**
 * Stands before every tool with `destructiveHint: true` (ADDENDUM §7): such a
 * tool never runs on a model's first call. A client that declared
 * `elicitation` (era 2026) is asked in the chat; every other client gets an
 * approval link. Other tools pass untouched.
 */
@Injectable()
export class McpConfirmationGate {
  constructor(
    private readonly elicitation: McpElicitationConfirmer,
    private readonly approval: McpApprovalConfirmer,
  ) {}

  /** Whether the call may run now, or what to answer instead. */
  async check(tool: McpToolDefinition, args: Record<string, unknown>, caller: McpCaller, context: McpCallContext): Promise<McpConfirmationOutcome> {
    if (!tool.descriptor.annotations.destructiveHint) return { run: true };
    const request = {
      tool,
      args,
      caller,
      context,
      key: {
        organization_id: caller.organization_id,
        subject: caller.subject,
        client_id: caller.client_id,
        tool: tool.name,
        args_digest: confirmationDigest(args),
      },
      title: tool.descriptor.title ?? tool.name,
      now: new Date(),
    };
    return declaresElicitation(context) ? this.elicitation.confirm(request) : this.approval.confirm(request);
  }
}

/** Era 2026 and `elicitation` declared in `clientCapabilities`: only then may the server ask in the chat. */
function declaresElicitation(context: McpCallContext): boolean {
  const elicitation = context.clientCapabilities?.elicitation;
  return context.era === '2026' && elicitation !== null && typeof elicitation === 'object';
}

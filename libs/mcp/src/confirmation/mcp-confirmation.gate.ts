import { HttpException, Inject, Injectable } from '@nestjs/common';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpCallContext } from '../interfaces/mcp-call-context.interface';
import { McpToolDefinition } from '../interfaces/mcp-tool-definition.interface';
import { McpProviderInvoker } from '../invokers/mcp-provider.invoker';
import { httpExceptionBody } from '../errors/mcp-http-exception.reader';
import { toolResult } from '../results/mcp-tool.result';
import { confirmationDigest } from './mcp-confirmation.digest';
import { McpConfirmationOutcome, answer } from './mcp-confirmation.request';
import { McpElicitationConfirmer } from './mcp-elicitation.confirmer';
import { McpApprovalConfirmer } from './mcp-approval.confirmer';
import { confirmationSubject } from './mcp-confirmation.subject';

/**
 * Stands before every tool with `destructiveHint: true` (ADDENDUM §7): such a
 * tool never runs on a model's first call. Its arguments are validated, and
 * described by the tool's `confirmation.describe` hook, before anyone is
 * asked, so a person never approves a call that then fails. A client that
 * declared `elicitation` (era 2026) is asked in the chat, unless the tool
 * requires the person; every other call gets an approval link. Other tools
 * pass untouched.
 */
@Injectable()
export class McpConfirmationGate {
  constructor(
    @Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions,
    private readonly invoker: McpProviderInvoker,
    private readonly elicitation: McpElicitationConfirmer,
    private readonly approval: McpApprovalConfirmer,
  ) {}

  /** Whether the call may run now, or what to answer instead. */
  async check(tool: McpToolDefinition, args: Record<string, unknown>, caller: McpCaller, context: McpCallContext): Promise<McpConfirmationOutcome> {
    if (!tool.descriptor.annotations.destructiveHint) return { run: true };
    let subject: string | undefined;
    try {
      const validated = await this.invoker.validateArguments(tool, args);
      subject = tool.confirmation.describe ? confirmationSubject(await tool.confirmation.describe(caller, validated), tool.owner) : undefined;
    } catch (error) {
      // The very result the call itself would answer (the route's JSON), and nothing asked or stored.
      if (error instanceof HttpException) return answer(toolResult(httpExceptionBody(error), true), { decision: 'invalid_arguments' });
      throw error;
    }
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
      subject,
      now: new Date(),
    };
    const requirePerson = tool.confirmation.requirePerson ?? this.options.confirmationRequiresPerson;
    // A client can answer its own elicitation: a tool that requires the person always goes to the approval page.
    return !requirePerson && declaresElicitation(context) ? this.elicitation.confirm(request) : this.approval.confirm(request);
  }
}

/** Era 2026 and `elicitation` declared in `clientCapabilities`: only then may the server ask in the chat. */
function declaresElicitation(context: McpCallContext): boolean {
  const elicitation = context.clientCapabilities?.elicitation;
  return context.era === '2026' && elicitation !== null && typeof elicitation === 'object';
}

import { HttpException, Inject, Injectable } from '@nestjs/common';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpCallContext } from '../interfaces/mcp-call-context.interface';
import { McpToolDefinition } from '../interfaces/mcp-tool-definition.interface';
import { McpProviderInvoker } from '../invokers/mcp-provider-invoker.service';
import { httpExceptionBody } from '../errors/mcp-http-exception.parser';
import { toolResult } from '../results/mcp-tool.view';
import { confirmationDigest } from './mcp-confirmation-digest.util';
import { McpConfirmationOutcome, McpConfirmationWords, answer } from './mcp-confirmation-request.util';
import { McpElicitationConfirmer } from './mcp-elicitation.strategy';
import { McpApprovalConfirmer } from './mcp-approval.strategy';
import { confirmationSubject } from './mcp-confirmation-subject.view';
import { McpTelemetry } from '../telemetry/mcp-telemetry.service';

/**
 * Stands before every tool with `destructiveHint: true` (docs/protocol.md §7): such a
 * tool never runs on a model's first call. Its arguments are validated first,
 * once (the call that runs takes the validated ones), and described by the
 * tool's `confirmation.describe` hook before anyone is asked, so a person
 * never approves a call that then fails. A confirmed call that runs skips the
 * hook: the tool answers the same refusal itself. A client that declared
 * `elicitation` (era 2026) is asked in the chat, unless the tool requires the
 * person; every other call gets an approval link. Other tools pass untouched.
 */
@Injectable()
export class McpConfirmationGate {
  constructor(
    @Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions,
    private readonly invoker: McpProviderInvoker,
    private readonly elicitation: McpElicitationConfirmer,
    private readonly approval: McpApprovalConfirmer,
    private readonly telemetry: McpTelemetry,
  ) {}

  /** Whether the call may run now, or what to answer instead. */
  async check(tool: McpToolDefinition, args: Record<string, unknown>, caller: McpCaller, context: McpCallContext): Promise<McpConfirmationOutcome> {
    if (!tool.descriptor.annotations.destructiveHint) return { run: true };
    let validated: unknown;
    try {
      validated = await this.invoker.validateArguments(tool, args);
    } catch (error) {
      const refusal = refused(error);
      if (refusal) return refusal;
      throw error;
    }
    let words: Promise<McpConfirmationWords> | undefined;
    const describe = () => (words ??= describeCall(tool, caller, validated));
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
      describe,
      now: new Date(),
    };
    const requirePerson = tool.confirmation.requirePerson ?? this.options.confirmationRequiresPerson;
    // A client can answer its own elicitation: a tool that requires the person always goes to the approval page.
    const channel = !requirePerson && declaresElicitation(context) ? 'elicitation' : 'approval';
    const outcome = await (channel === 'elicitation' ? this.elicitation.confirm(request) : this.approval.confirm(request));
    this.telemetry.confirmation(tool.name, channel, outcome.run);
    return outcome.run ? { run: true, validatedArgs: validated, step: outcome.step } : outcome;
  }
}

/** The hook's words, or its refusal; a hook without one answers no words. */
async function describeCall(tool: McpToolDefinition, caller: McpCaller, validated: unknown): Promise<McpConfirmationWords> {
  if (!tool.confirmation.describe) return { subject: undefined };
  try {
    return { subject: confirmationSubject(await tool.confirmation.describe(caller, validated), tool.owner) };
  } catch (error) {
    const refusal = refused(error);
    if (refusal) return { refusal };
    throw error;
  }
}

/** The very result the call itself would answer for an `HttpException` (the route's JSON), and nothing asked or stored. */
function refused(error: unknown): McpConfirmationOutcome | undefined {
  return error instanceof HttpException ? answer(toolResult(httpExceptionBody(error), true), { decision: 'invalid_arguments' }) : undefined;
}

/** Era 2026 and `elicitation` declared in `clientCapabilities`: only then may the server ask in the chat. */
function declaresElicitation(context: McpCallContext): boolean {
  const elicitation = context.clientCapabilities?.elicitation;
  return context.era === '2026' && elicitation !== null && typeof elicitation === 'object';
}

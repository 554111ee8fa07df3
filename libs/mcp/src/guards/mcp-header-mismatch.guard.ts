import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { MCP_HEADER, MCP_META } from '../mcp.constants';
import { McpHttpRequest, McpRequestState } from '../interfaces/mcp-request.interface';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpHeaderBinding } from '../interfaces/json-schema.interface';
import { headerMismatch } from '../errors/mcp-transport.error';
import { McpToolRegistry } from '../discovery/mcp-tool.registry';
import { isRoleAllowed } from '../discovery/mcp-access.policy';
import { mcpState, singleHeader } from '../transport/mcp-request-state.util';
import { decodeMirroredHeader } from '../protocol/mcp-header-value.codec';
import { checkMcpEnvelope } from '../protocol/mcp-envelope.policy';
import { headerBindingValue } from '../protocol/mcp-header-binding.util';

/** Methods whose `Mcp-Name` mirrors a body field; required only where marked. */
const NAME_SOURCES: Record<string, { field: 'name' | 'uri' | 'taskId'; required: boolean }> = {
  'tools/call': { field: 'name', required: true },
  // Tasks extension: load balancers route a task's requests on its id (docs/tasks.md).
  'tasks/get': { field: 'taskId', required: true },
  'tasks/update': { field: 'taskId', required: true },
  'tasks/cancel': { field: 'taskId', required: true },
  'prompts/get': { field: 'name', required: false },
  'resources/read': { field: 'uri', required: false },
};

/**
 * Guard 7 of 7, step 10 of docs/protocol.md §1 (era 2026-07-28). First the headers against the
 * body (10.1): intermediaries route on headers, the server executes the
 * body, so the two must say the same thing. Then the envelope (10.2, 10.3).
 *
 * A guard, not an interceptor: it only checks, it never wraps the result,
 * and each interceptor Nest runs costs every request two async-context binds
 * and an rxjs pipeline (some 15–20 µs of CPU under `npm run bench -- --profile`).
 *
 * A host may have the module build a subclass instead (`overrides` of
 * `McpModule.forRoot()`), whose `Overridable` steps then run in their place.
 */
@Injectable()
export class McpHeaderMismatchGuard implements CanActivate {
  constructor(private readonly tools: McpToolRegistry) {}

  /** Passes, or throws the era's 400. */
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<McpHttpRequest>();
    const state = mcpState(request);
    if (state.era === '2026') {
      this.check(request, state);
      checkMcpEnvelope(state);
    }
    return true;
  }

  /** Overridable: every header check of one request, in order (step 10.1). */
  protected check(request: McpHttpRequest, state: McpRequestState): void {
    const message = state.message!;
    const params = message.params ?? {};
    if (singleHeader(request, MCP_HEADER.protocolVersion)?.trim() !== state.meta![MCP_META.protocolVersion]) {
      throw headerMismatch('MCP-Protocol-Version');
    }
    if (singleHeader(request, MCP_HEADER.method) !== message.method) throw headerMismatch('Mcp-Method');
    const source = NAME_SOURCES[message.method];
    if (source) this.checkName(request, source.required, params[source.field]);
    if (message.method === 'tools/call' && typeof params.name === 'string') {
      this.checkParamHeaders(request, params.name, params.arguments, request.user!);
    }
  }

  private checkName(request: McpHttpRequest, required: boolean, expected: unknown): void {
    const header = singleHeader(request, MCP_HEADER.name);
    if (header === undefined && !required) return;
    if (typeof header !== 'string' || decodeMirroredHeader(header) !== expected) throw headerMismatch('Mcp-Name');
  }

  private checkParamHeaders(request: McpHttpRequest, toolName: string, args: unknown, caller: McpCaller): void {
    const tool = this.tools.get(toolName);
    // A tool the caller's role may not use is answered as unknown later; checking its headers would reveal it.
    if (!tool || tool.headers.length === 0 || !isRoleAllowed(tool, caller)) return;
    for (const binding of tool.headers) {
      const value = headerBindingValue(args, binding.path);
      const header = singleHeader(request, binding.header.toLowerCase());
      if (value === undefined || value === null) {
        if (header !== undefined) throw headerMismatch(binding.header);
        continue;
      }
      if (typeof header !== 'string' || !matches(binding, decodeMirroredHeader(header), value)) {
        throw headerMismatch(binding.header);
      }
    }
  }
}

function matches(binding: McpHeaderBinding, header: string | undefined, value: unknown): boolean {
  if (header === undefined) return false;
  switch (binding.type) {
    case 'integer':
      return header.trim() !== '' && Number(header) === value;
    case 'boolean':
      return header === String(value);
    default:
      return header === value;
  }
}

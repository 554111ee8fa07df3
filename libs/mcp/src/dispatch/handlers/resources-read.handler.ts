import { Injectable } from '@nestjs/common';
import { McpMethodContext } from '../../interfaces/mcp-method-context.interface';
import { McpMethodHandler } from '../mcp-method.handler';
import { McpResourceRegistry } from '../../discovery/mcp-resource.registry';
import { McpResourceTemplateRegistry } from '../../discovery/mcp-resource-template.registry';
import { isRoleAllowed } from '../../discovery/mcp-access.policy';
import { McpProviderInvoker } from '../../invokers/mcp-provider-invoker.service';
import { requiredString } from '../../params/mcp-params.parser';
import { assertAccess } from '../mcp-call-access.policy';
import { mcpCallContext } from '../../params/mcp-call-context.factory';
import { resourceResult } from '../../results/mcp-resource.view';
import { resourceNotFound } from '../../errors/mcp-method.error';
import { McpCaller } from '../../interfaces/mcp-caller.interface';
import { McpResourceDefinition, McpResourceTemplateDefinition } from '../../interfaces/mcp-resource-definition.interface';

/** The definition that serves a URI, with the template's variables (none for a fixed resource). */
export interface McpResourceTarget {
  definition: McpResourceDefinition | McpResourceTemplateDefinition;
  variables: Record<string, string>;
}

/**
 * `resources/read`: the fixed resource of that URI, else the first template
 * that matches it. Every way of not finding it (no match, a role that may
 * not read it, `NotFoundException`, nothing returned) is the same answer.
 *
 * A host may have the module build a subclass instead (`overrides` of
 * `McpModule.forRoot()`), whose `Overridable` steps then run in their place.
 */
@Injectable()
export class ResourcesReadHandler implements McpMethodHandler {
  readonly method = 'resources/read';
  readonly eras = ['2025', '2026'] as const;
  readonly cacheable = true;
  readonly capability = 'resources';

  constructor(
    private readonly resources: McpResourceRegistry,
    private readonly templates: McpResourceTemplateRegistry,
    private readonly invoker: McpProviderInvoker,
  ) {}

  async handle(context: McpMethodContext) {
    const { params, era, caller } = context;
    const uri = requiredString(params, 'uri', era);
    const notFound = () => resourceNotFound(era, uri);
    const found = this.resolve(uri, caller);
    if (!found) throw notFound();
    const { definition, variables } = found;
    assertAccess(definition, caller, 'resource', notFound);
    const sources = { caller, context: mcpCallContext(context), resourceParams: variables };
    const value = await this.invoker.invokeForProtocol(definition, sources, era, notFound);
    if (value === undefined || value === null) throw notFound();
    return resourceResult(uri, value, definition.options.mimeType);
  }

  /** Overridable: which definition serves a URI for this caller. */
  protected resolve(uri: string, caller: McpCaller): McpResourceTarget | undefined {
    const fixed = this.resources.get(uri);
    if (fixed && isRoleAllowed(fixed, caller)) return { definition: fixed, variables: {} };
    return this.templates.match(uri, caller);
  }
}

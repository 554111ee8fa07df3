import { MCP_PARAMS_METADATA } from '../mcp.constants';

/**
 * What the module passes to a parameter of an MCP method: the caller, the
 * arguments (tools, prompts; the already chosen ones for a completion), the
 * call context, the variables of a resource template, the value being
 * completed.
 */
export type McpParamKind = 'caller' | 'args' | 'context' | 'resourceParams' | 'value';

/** One parameter binding, read once at start-up. */
export interface McpParamBinding {
  index: number;
  kind: McpParamKind;
}

/** Records which parameter receives what; shared by the parameter decorators. */
export function createMcpParamDecorator(kind: McpParamKind): () => ParameterDecorator {
  return () => (target, propertyKey, index) => {
    if (propertyKey === undefined) return;
    const bindings: McpParamBinding[] = Reflect.getMetadata(MCP_PARAMS_METADATA, target, propertyKey) ?? [];
    Reflect.defineMetadata(MCP_PARAMS_METADATA, [...bindings, { index, kind }], target, propertyKey);
  };
}

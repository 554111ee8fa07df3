import { MCP_PARAMS_METADATA } from '../mcp.constants';

/** What the module passes to a parameter of a tool method. */
export type McpParamKind = 'caller' | 'args' | 'context';

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

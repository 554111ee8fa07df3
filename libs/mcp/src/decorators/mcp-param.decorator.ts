import { MCP_PARAMS_METADATA } from '../mcp.constants';
import { McpParamBinding, McpParamKind } from '../interfaces/mcp-param-binding.interface';

/** Records which parameter receives what; shared by the parameter decorators. */
export function createMcpParamDecorator(kind: McpParamKind): () => ParameterDecorator {
  return () => bindMcpParam({ kind });
}

/** Records one parameter's binding, with what else its decorator declared (an `@McpArgs()` schema). */
export function bindMcpParam(binding: Omit<McpParamBinding, 'index'>): ParameterDecorator {
  return (target, propertyKey, index) => {
    if (propertyKey === undefined) return;
    const bindings: McpParamBinding[] = Reflect.getMetadata(MCP_PARAMS_METADATA, target, propertyKey) ?? [];
    Reflect.defineMetadata(MCP_PARAMS_METADATA, [...bindings, { ...binding, index }], target, propertyKey);
  };
}

import { McpCaller as McpCallerIdentity } from '../interfaces/mcp-caller.interface';
import { createMcpParamDecorator } from './mcp-param.decorator';

/** The verified identity behind the token (see `McpCallerIdentity`). */
export type McpCaller = McpCallerIdentity;

/**
 * The parameter receives the verified caller of the token. Same name as the
 * type, as Nest's own tokens do: `@McpCaller() caller: McpCaller`.
 */
export const McpCaller = createMcpParamDecorator('caller');

import { McpCaller as McpCallerIdentity } from '../interfaces/mcp-caller.interface';
import { createMcpParamDecorator } from './mcp-param.decorator';

/**
 * The verified identity behind the token: subject, organization, OAuth
 * client, scopes and roles, all read from the token by the host's verifier.
 * Hosts type a caller with it wherever they meet one (`@McpCaller()`
 * parameters, token verifiers, their own REST guards).
 */
export type McpCaller = McpCallerIdentity;

/**
 * The parameter receives the verified caller of the token. Same name as the
 * type, as Nest's own tokens do: `@McpCaller() caller: McpCaller`.
 */
export const McpCaller = createMcpParamDecorator('caller');

import { createMcpParamDecorator } from './mcp-param.decorator';

/**
 * The parameter of an `@McpCompletion()` method receives what the person has
 * typed so far. Needed only when the method decorates its parameters; an
 * undecorated method is called as `(caller, value, context)`.
 */
export const McpCompletionValue = createMcpParamDecorator('value');

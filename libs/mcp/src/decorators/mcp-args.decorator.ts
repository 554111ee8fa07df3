import { createMcpParamDecorator } from './mcp-param.decorator';

/**
 * The parameter receives the arguments of a tool or prompt. Typed with a
 * class-validator DTO (the parameter's type, or `input` of `@McpTool()`),
 * they are transformed and validated with the same options as the host's
 * REST `ValidationPipe`; a prompt may take a plain `Record<string, string>`
 * instead. In a completion method: the values already chosen for the other
 * arguments.
 */
export const McpArgs = createMcpParamDecorator('args');

import { createMcpParamDecorator } from './mcp-param.decorator';

/**
 * The parameter receives the tool's arguments, transformed and validated by
 * its class-validator DTO (the parameter's type, or `input` of `@McpTool()`)
 * with the same options as the host's REST `ValidationPipe`.
 */
export const McpArgs = createMcpParamDecorator('args');

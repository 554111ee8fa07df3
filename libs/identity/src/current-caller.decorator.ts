import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';

/**
 * The verified caller of a REST request, in the same shape the MCP module
 * passes to `@McpCaller()`, so a controller hands it straight to the service.
 * Use behind `ApiAuthGuard`.
 *
 * @example
 * ```ts
 * @Get() @UseGuards(ApiAuthGuard)
 * get(@CurrentCaller() caller: McpCaller) { return this.service.get(caller); }
 * ```
 */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): McpCaller => {
  const caller = context.switchToHttp().getRequest<{ user?: McpCaller }>().user;
  // A missing caller is a wiring bug (route without the guard), never the client's fault.
  if (!caller) throw new Error('@CurrentCaller() used on a route without ApiAuthGuard');
  return caller;
});

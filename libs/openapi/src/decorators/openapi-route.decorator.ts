import { applyDecorators, SetMetadata } from '@nestjs/common';
import { OPENAPI_ROUTE_METADATA } from '../openapi.constants';
import { OpenApiRouteOptions } from '../interfaces/openapi-route-options.interface';

/**
 * Names what a route answers, for the OpenAPI document: the tool it mirrors
 * (whose `outputSchema`, title and description the operation takes), or the
 * view class or media types of a route no tool mirrors. Paths, methods,
 * parameters, bodies and success status come from the route's own Nest
 * metadata; every route under the document's prefix needs this decorator,
 * or start-up stops naming it.
 *
 * @example
 * ```ts
 * @Get(':id')
 * @OpenApiRoute({ tool: 'kadu_tasks_get' })
 * get(@CurrentCaller() caller: McpCaller, @Param('id', ParseIdPipe) id: string) { … }
 * ```
 */
export function OpenApiRoute(options: OpenApiRouteOptions): MethodDecorator {
  return applyDecorators(SetMetadata(OPENAPI_ROUTE_METADATA, options));
}

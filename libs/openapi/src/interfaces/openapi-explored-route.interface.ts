import type { McpStandardSchema } from '@kobana/mcp';
import type { OpenApiHeaderParameter } from '../decorators/openapi-header.decorator';
import type { OpenApiRouteOptions } from './openapi-route-options.interface';

/** One argument of a route handler, as its Nest metadata declares it. */
export interface OpenApiRouteArgument {
  source: 'body' | 'query' | 'param' | 'header';
  /** `@Param('id')` → `'id'`; `undefined` for a whole body or query. */
  name?: string;
  /** The parameter's declared type (`design:paramtypes`), a DTO class or a primitive constructor. */
  type?: Function;
  /** For a custom decorator marked with `@OpenApiHeader()`. */
  header?: OpenApiHeaderParameter;
  /** The Standard Schema of `@Body({ schema })`, `@Query({ schema })`, `@Param('id', { schema })` (Nest 12). */
  schema?: McpStandardSchema;
}

/** A route under the document's prefix, read once from Nest's metadata at start-up. */
export interface OpenApiExploredRoute {
  /** `Controller.method`, for messages. */
  owner: string;
  /** Upper-case HTTP method, e.g. `GET`. */
  method: string;
  /** Express path as Nest registers it, e.g. `/api/v1/tasks/:id`. */
  path: string;
  /** `@HttpCode()`, or Nest's default (201 for POST, else 200). */
  status: number;
  /** Behind one of the module's bearer guards. */
  bearer: boolean;
  arguments: OpenApiRouteArgument[];
  /** `@OpenApiRoute()`; `undefined` when the route has none. */
  options?: OpenApiRouteOptions;
  /** The Standard Schema of `@SerializeOptions({ schema })` (the handler's, else its controller's): what the route answers. */
  serialized?: McpStandardSchema;
}

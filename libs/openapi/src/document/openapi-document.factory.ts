import type { OpenApiExploredRoute } from '../interfaces/openapi-explored-route.interface';
import type { OpenApiModuleOptions } from '../interfaces/openapi-module-options.interface';
import type { OpenApiErrorStatus } from '../interfaces/openapi-route-options.interface';
import type { OpenApiDocument, OpenApiSchema } from '../interfaces/openapi-document.interface';
import { OPENAPI_BEARER_SCHEME, OPENAPI_VERSION } from '../openapi.constants';
import { OpenApiMessages } from '../openapi.messages';
import { BearerErrorView } from '../views/bearer-error.view';
import { HttpErrorView } from '../views/http-error.view';
import { BEARER_ERROR_SCHEMA, errorResponses, HTTP_ERROR_SCHEMA } from './openapi-errors.util';
import { buildOperation, OpenApiSchemaSource, templateOf } from './openapi-operation.factory';

/** The dialect of every schema in the document: the tools' own. */
const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * The whole document from the explored routes: one operation per route,
 * the bearer scheme, and the error responses the operations use.
 *
 * @throws Error naming the route when one cannot be described.
 */
export function buildOpenApiDocument(
  routes: OpenApiExploredRoute[],
  prefix: string,
  options: OpenApiModuleOptions,
  schemas: OpenApiSchemaSource,
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const owners = new Map<string, string>();
  const used = new Set<OpenApiErrorStatus>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    const first = owners.get(key);
    if (first) throw new Error(OpenApiMessages.duplicate(route.method, route.path, first, route.owner));
    owners.set(key, route.owner);
    const { operation, errors } = buildOperation(route, prefix, schemas, options.errors ?? []);
    errors.forEach((status) => used.add(status));
    (paths[templateOf(route.path)] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: OPENAPI_VERSION,
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: { ...options.info },
    servers: (options.servers ?? []).map((server) => ({ ...server })),
    paths,
    components: {
      securitySchemes: { [OPENAPI_BEARER_SCHEME]: { type: 'http', scheme: 'bearer', description: options.bearerDescription } },
      schemas: {
        [HTTP_ERROR_SCHEMA]: schemas.output(HttpErrorView) as OpenApiSchema,
        ...(used.has(401) ? { [BEARER_ERROR_SCHEMA]: schemas.output(BearerErrorView) as OpenApiSchema } : {}),
      },
      responses: errorResponses(used),
    },
  };
}

import type { McpJsonSchema, McpStandardSchema } from '@kobana/mcp';
import type { OpenApiExploredRoute, OpenApiRouteArgument } from '../interfaces/openapi-explored-route.interface';
import type { OpenApiErrorStatus } from '../interfaces/openapi-route-options.interface';
import type { OpenApiMediaType, OpenApiOperation, OpenApiParameter, OpenApiSchema } from '../interfaces/openapi-document.interface';
import { OPENAPI_BEARER_SCHEME } from '../openapi.constants';
import { OpenApiMessages } from '../openapi.messages';
import { errorResponseRef } from './openapi-errors.util';

/** What the operation builder needs from the host: its schemas and its tools. */
export interface OpenApiSchemaSource {
  /** The `inputSchema` of a DTO (body or query), as the tools list it. */
  input(dto: Function): McpJsonSchema;
  /** The `outputSchema` of a view class. */
  output(view: Function): McpJsonSchema;
  /** The JSON Schema of one side of a Standard Schema (`input` for what a route takes, `output` for what it answers), as the tools list it. */
  standard(schema: McpStandardSchema, side: 'input' | 'output', owner: string): McpJsonSchema;
  /** A registered tool's title, description and `outputSchema`. */
  tool(name: string): { title?: string; description: string; outputSchema?: McpJsonSchema } | undefined;
}

/** `/api/v1/tasks/:id` → `/api/v1/tasks/{id}`. */
export function templateOf(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * One route as an OpenAPI Operation: parameters, body and success answer
 * from its metadata and the schemas the tools use, errors from what its
 * metadata implies plus what `@OpenApiRoute({ errors })` adds.
 *
 * @returns the operation and the error statuses it references.
 */
export function buildOperation(
  route: OpenApiExploredRoute,
  prefix: string,
  schemas: OpenApiSchemaSource,
  commonErrors: readonly OpenApiErrorStatus[],
): { operation: OpenApiOperation; errors: OpenApiErrorStatus[] } {
  // `@SerializeOptions({ schema })` says what the route answers: such a route needs no `@OpenApiRoute()` to be described.
  const options = route.options ?? (route.serialized ? {} : undefined);
  if (!options) throw new Error(OpenApiMessages.undescribed(route.owner, route.method, route.path));
  const answers = [options.tool, options.output, options.outputSchema, options.binary, route.serialized].filter((answer) => answer !== undefined);
  if (answers.length !== 1)
    throw new Error(answers.length === 0 ? OpenApiMessages.undescribed(route.owner, route.method, route.path) : OpenApiMessages.ambiguous(route.owner));
  const tool = options.tool === undefined ? undefined : schemas.tool(options.tool);
  if (options.tool !== undefined && !tool) throw new Error(OpenApiMessages.unknownTool(route.owner, options.tool));
  if (options.tool !== undefined && !tool?.outputSchema) throw new Error(OpenApiMessages.toolWithoutOutput(route.owner, options.tool));

  const parameters = parametersOf(route, schemas);
  const body = route.arguments.find((arg) => arg.source === 'body');
  const requestBody = requestBodyOf(route, body, schemas);
  const success = options.binary
    ? Object.fromEntries(options.binary.map((type): [string, OpenApiMediaType] => [type, {}]))
    : { 'application/json': { schema: inline(route, tool?.outputSchema ?? successSchema(route, options, schemas)!) } };
  const errors = errorsOf(route, parameters, requestBody !== undefined, commonErrors);

  const operation: OpenApiOperation = {
    operationId: options.tool ?? route.owner.replace('.', '_'),
    ...((tool?.title ?? options.summary) ? { summary: tool?.title ?? options.summary } : {}),
    ...((tool?.description ?? options.description) ? { description: tool?.description ?? options.description } : {}),
    tags: [tagOf(route.path, prefix)],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(route.status)]: { description: options.summary ?? tool?.title ?? 'Success', content: success },
      ...Object.fromEntries(errors.map((status) => [String(status), errorResponseRef(status)])),
    },
    ...(route.bearer ? { security: [{ [OPENAPI_BEARER_SCHEME]: [] }] } : {}),
  };
  return { operation, errors };
}

/** The success answer's schema other than a tool's: the view class, the hand-written schema, or the output side of `@SerializeOptions({ schema })`. */
function successSchema(
  route: OpenApiExploredRoute,
  options: NonNullable<OpenApiExploredRoute['options']>,
  schemas: OpenApiSchemaSource,
): McpJsonSchema | Record<string, unknown> | undefined {
  if (options.output) return schemas.output(options.output);
  if (route.serialized) return schemas.standard(route.serialized, 'output', route.owner);
  return options.outputSchema;
}

/**
 * Path parameters (every `:name` of the path, with the input side of its
 * `@Param(name, { schema })` or of a whole `@Param({ schema })`), query
 * parameters (each property of the query DTO or schema), and documented headers.
 */
function parametersOf(route: OpenApiExploredRoute, schemas: OpenApiSchemaSource): OpenApiParameter[] {
  const pathSchemas = new Map<string, McpJsonSchema>();
  for (const arg of route.arguments.filter((candidate) => candidate.source === 'param' && candidate.schema)) {
    const schema = schemas.standard(arg.schema!, 'input', route.owner);
    if (arg.name !== undefined) pathSchemas.set(arg.name, schema);
    else for (const [name, property] of Object.entries(schema.properties ?? {})) pathSchemas.set(name, property);
  }
  const inPath = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]): OpenApiParameter => ({
    name,
    in: 'path',
    required: true,
    schema: pathSchemas.has(name) ? inline(route, pathSchemas.get(name)!) : { type: 'string' },
  }));
  const query: OpenApiParameter[] = [];
  for (const arg of route.arguments.filter((candidate) => candidate.source === 'query')) {
    if (arg.name !== undefined) {
      const schema = arg.schema ? inline(route, schemas.standard(arg.schema, 'input', route.owner)) : { type: 'string' };
      query.push({ name: arg.name, in: 'query', required: false, schema });
      continue;
    }
    const dto = isDto(arg.type) ? arg.type : route.options?.query;
    if (!arg.schema && !dto) throw new Error(OpenApiMessages.untypedQuery(route.owner));
    const schema = arg.schema ? schemas.standard(arg.schema, 'input', route.owner) : schemas.input(dto!);
    const required = new Set(schema.required ?? []);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const description = typeof property === 'object' && typeof property.description === 'string' ? property.description : undefined;
      query.push({
        name,
        in: 'query',
        required: required.has(name),
        ...(description ? { description } : {}),
        schema: inline(route, property as McpJsonSchema),
      });
    }
  }
  const headers = route.arguments
    .filter((arg) => arg.source === 'header' && arg.header)
    .map(({ header }): OpenApiParameter => ({
      name: header!.name,
      in: 'header',
      required: false,
      ...(header!.description ? { description: header!.description } : {}),
      schema: (header!.schema as OpenApiSchema | undefined) ?? { type: 'string' },
    }));
  return [...inPath, ...query, ...headers];
}

function requestBodyOf(route: OpenApiExploredRoute, body: OpenApiRouteArgument | undefined, schemas: OpenApiSchemaSource): OpenApiOperation['requestBody'] {
  const upload = route.options?.upload;
  if (upload) return { required: true, content: Object.fromEntries(upload.map((type): [string, OpenApiMediaType] => [type, {}])) };
  if (!body) return undefined;
  const schema: OpenApiSchema = body.schema
    ? inline(route, schemas.standard(body.schema, 'input', route.owner))
    : isDto(body.type)
      ? inline(route, schemas.input(body.type))
      : { type: 'object' };
  return { required: true, content: { 'application/json': { schema } } };
}

/**
 * 400 when the route takes input (its pipes, the `ValidationPipe`, a header
 * check), 401 behind a bearer guard, 404 with a path parameter, 413 with a
 * request body (the body parser's limit), then the route's own and the
 * module's, in status order.
 */
function errorsOf(route: OpenApiExploredRoute, parameters: OpenApiParameter[], hasBody: boolean, common: readonly OpenApiErrorStatus[]): OpenApiErrorStatus[] {
  const statuses = new Set<OpenApiErrorStatus>([...(route.options?.errors ?? []), ...common]);
  if (parameters.length > 0 || hasBody) statuses.add(400);
  if (route.bearer) statuses.add(401);
  if (parameters.some((parameter) => parameter.in === 'path')) statuses.add(404);
  if (hasBody) statuses.add(413);
  return [...statuses].sort((a, b) => a - b);
}

/** `/api/v1/webhook_endpoints/:id` under `api/v1` → `webhook_endpoints`. */
function tagOf(path: string, prefix: string): string {
  const rest = path
    .slice(`/${prefix.replace(/^\/+|\/+$/g, '')}`.length)
    .split('/')
    .filter(Boolean);
  return rest[0] ?? 'api';
}

/**
 * A schema as an operation carries it. Inside an OpenAPI document `#/$defs/…`
 * would point at the document's root, not the schema's, so a recursive
 * schema (the only kind with `$defs`) stops start-up instead of being wrong.
 */
function inline(route: OpenApiExploredRoute, schema: McpJsonSchema | Record<string, unknown>): OpenApiSchema {
  const json = JSON.stringify(schema);
  // `#` alone is how a Standard Schema library points at a recursive root: the document's root here.
  if (json.includes('"$ref":"#/$defs/') || json.includes('"$ref":"#"')) throw new Error(OpenApiMessages.recursive(route.owner));
  return schema as OpenApiSchema;
}

function isDto(type: Function | undefined): type is Function {
  return typeof type === 'function' && ![Object, String, Number, Boolean, Array].includes(type as never);
}

import { CanActivate, Injectable, RequestMethod, Type } from '@nestjs/common';
import { GUARDS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { CLASS_SERIALIZER_OPTIONS } from '@nestjs/common/serializer/class-serializer.constants';
import type { McpStandardSchema } from '@kobana/mcp';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { OPENAPI_HEADER_METADATA, OPENAPI_ROUTE_METADATA } from '../openapi.constants';
import type { OpenApiHeaderParameter } from '../decorators/openapi-header.decorator';
import type { OpenApiExploredRoute, OpenApiRouteArgument } from '../interfaces/openapi-explored-route.interface';

/** Where a route argument comes from, by Nest's parameter type. */
const SOURCES: Partial<Record<RouteParamtypes, OpenApiRouteArgument['source']>> = {
  [RouteParamtypes.BODY]: 'body',
  [RouteParamtypes.QUERY]: 'query',
  [RouteParamtypes.PARAM]: 'param',
};

interface RouteArgMetadata {
  index: number;
  data?: unknown;
  /** Nest 12: the Standard Schema of `@Body({ schema })` and its kin. */
  schema?: McpStandardSchema;
}

/**
 * Reads every HTTP route of the application from Nest's own metadata, the
 * same Nest's router registers from: controller and method paths, methods,
 * `@HttpCode()`, guards, and the arguments (`ROUTE_ARGS_METADATA` with
 * `design:paramtypes`). No list of routes is kept by hand, so a new route
 * cannot be missing from the document.
 */
@Injectable()
export class OpenApiRouteExplorer {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  /** The routes whose path starts with `/<prefix>/`, in registration order. */
  explore(prefix: string, bearerGuards: Type<CanActivate>[]): OpenApiExploredRoute[] {
    const root = joinPath(prefix);
    const routes: OpenApiExploredRoute[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as Type<object> | null;
      if (!controller || !wrapper.instance) continue;
      const prototype = Object.getPrototypeOf(wrapper.instance) as Record<string, Function>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        for (const path of pathsOf(controller, handler)) {
          if (path !== root && !path.startsWith(`${root}/`)) continue;
          routes.push(this.route(controller, prototype, name, RequestMethod[method], path, bearerGuards));
        }
      }
    }
    return routes;
  }

  private route(
    controller: Type<object>,
    prototype: object,
    name: string,
    method: string,
    path: string,
    bearerGuards: Type<CanActivate>[],
  ): OpenApiExploredRoute {
    const handler = (prototype as Record<string, Function>)[name];
    const guards: unknown[] = [...(Reflect.getMetadata(GUARDS_METADATA, controller) ?? []), ...(Reflect.getMetadata(GUARDS_METADATA, handler) ?? [])];
    const code = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
    return {
      owner: `${controller.name}.${name}`,
      method,
      path,
      status: code ?? (method === 'POST' ? 201 : 200),
      bearer: guards.some((guard) => bearerGuards.some((bearer) => guard === bearer || guard instanceof bearer)),
      arguments: argumentsOf(controller, prototype, name),
      options: Reflect.getMetadata(OPENAPI_ROUTE_METADATA, handler),
      ...serializedOf(controller, handler),
    };
  }
}

/** The handler's arguments the document describes, in parameter order. */
function argumentsOf(controller: Type<object>, prototype: object, name: string): OpenApiRouteArgument[] {
  const metadata: Record<string, RouteArgMetadata> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {};
  const types: Function[] = Reflect.getMetadata('design:paramtypes', prototype, name) ?? [];
  const headers: Record<number, OpenApiHeaderParameter> = Reflect.getMetadata(OPENAPI_HEADER_METADATA, prototype, name) ?? {};
  const found: Array<[number, OpenApiRouteArgument]> = [];
  for (const [key, arg] of Object.entries(metadata)) {
    const header = headers[arg.index];
    const source = header ? 'header' : SOURCES[Number(key.split(':')[0]) as RouteParamtypes];
    if (!source) continue;
    found.push([
      arg.index,
      { source, name: typeof arg.data === 'string' ? arg.data : undefined, type: types[arg.index], header, ...(arg.schema ? { schema: arg.schema } : {}) },
    ]);
  }
  return found.sort(([a], [b]) => a - b).map(([, arg]) => arg);
}

/**
 * The schema `StandardSchemaSerializerInterceptor` sends the answer through:
 * `@SerializeOptions({ schema })` of the handler, else of its controller,
 * key by key as the interceptor reads them.
 */
function serializedOf(controller: Type<object>, handler: Function): { serialized?: McpStandardSchema } {
  const schemaOf = (target: object): McpStandardSchema | undefined =>
    (Reflect.getMetadata(CLASS_SERIALIZER_OPTIONS, target) as { schema?: McpStandardSchema } | undefined)?.schema;
  const serialized = schemaOf(handler) ?? schemaOf(controller);
  return serialized ? { serialized } : {};
}

/** Every path a handler answers: the controller's paths joined with the method's. */
function pathsOf(controller: Type<object>, handler: Function): string[] {
  const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller));
  const paths = asList(Reflect.getMetadata(PATH_METADATA, handler));
  return prefixes.flatMap((prefix) => paths.map((path) => joinPath(prefix, path)));
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return value === undefined ? ['/'] : [String(value)];
}

/** `('api/v1/', '/tasks')` → `/api/v1/tasks`, as Nest's router joins them. */
function joinPath(...parts: string[]): string {
  const joined = parts
    .flatMap((part) => part.split('/'))
    .filter((segment) => segment !== '')
    .join('/');
  return `/${joined}`;
}

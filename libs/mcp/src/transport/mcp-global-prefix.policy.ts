import { Inject, Injectable, RequestMethod } from '@nestjs/common';
import { ApplicationConfig, ModuleRef } from '@nestjs/core';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpMessages } from '../mcp.messages';
import { RESOURCE_METADATA_PREFIX } from '../auth/mcp-resource-metadata.util';

/** A route the module serves, as a global prefix's `exclude` entries are matched against it. */
interface ModuleRoute {
  path: string;
  method: RequestMethod;
}

/** What Nest keeps of each `exclude` entry of `setGlobalPrefix` (the same shape in Nest 11 and 12). */
interface ExcludedRoute {
  requestMethod: RequestMethod;
  pathRegex: RegExp;
}

/**
 * Refuses to start when the application's global prefix
 * (`app.setGlobalPrefix('api')`, common in Nest applications) would move the
 * module's routes: the endpoint would answer at `/api/mcp`, where the body
 * parsers no longer leave its body unread (every call a 400 "the request
 * body could not be read"), and the Protected Resource Metadata at
 * `/api/.well-known/…`, where no client looks for it (RFC 9728 places it at
 * the origin's root) and which names `/mcp` as the resource. Both must keep
 * the paths the module was given, so the message says which `exclude`
 * entries to add; a prefix that already excludes them is fine.
 *
 * Nest gives modules no door to the prefix; its own configuration object is
 * reached through the container, as the API document generators do. Checked
 * by `McpModule.configure()`, which `app.init()` calls after
 * `setGlobalPrefix` (which only records the prefix) and before it registers
 * any route: on Fastify, the moved endpoint would otherwise fail there with
 * a duplicate route of Fastify's own words.
 */
@Injectable()
export class McpGlobalPrefixPolicy {
  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions,
  ) {}

  /** Throws, naming the routes moved and the `exclude` entries to add, when the prefix would move any. */
  check(): void {
    const config = (this.moduleRef as unknown as { container?: { applicationConfig?: ApplicationConfig } }).container?.applicationConfig;
    const prefix = config?.getGlobalPrefix();
    if (!config || !prefix) return;
    const excluded = (config.getGlobalPrefixOptions()?.exclude ?? []) as ExcludedRoute[];
    const moved = new Set(this.routes().flatMap((route) => (excluded.some((entry) => excludes(entry, route)) ? [] : [route.path])));
    if (moved.size > 0) throw new Error(McpMessages.globalPrefixMovesRoutes(prefix, this.options.path, [...moved]));
  }

  /** The endpoint (POST, and every other method, answered 405) and the two paths of its metadata. */
  private routes(): ModuleRoute[] {
    const path = this.options.path;
    return [
      { path, method: RequestMethod.POST },
      { path, method: RequestMethod.GET },
      { path: `${RESOURCE_METADATA_PREFIX}${path}`, method: RequestMethod.GET },
      { path: RESOURCE_METADATA_PREFIX, method: RequestMethod.GET },
    ];
  }
}

/** Whether an `exclude` entry keeps `route` out of the prefix: any method (`ALL`, or Nest 11's -1) or the route's, and its path. */
function excludes(entry: ExcludedRoute, route: ModuleRoute): boolean {
  const method = entry.requestMethod as number;
  return (method === RequestMethod.ALL || method === -1 || method === route.method) && entry.pathRegex.test(route.path);
}

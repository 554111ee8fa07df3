import { Type } from '@nestjs/common';
import { McpOverride } from './interfaces/mcp-module-options.interface';
import { McpMessages } from './mcp.messages';
import { McpOriginGuard } from './guards/mcp-origin.guard';
import { McpAuthGuard } from './guards/mcp-auth.guard';
import { McpHeaderMismatchGuard } from './guards/mcp-header-mismatch.guard';
import { McpRateLimiter } from './limits/mcp-rate-limiter.service';
import { McpProviderInvoker } from './invokers/mcp-provider-invoker.service';
import { ResourcesReadHandler } from './dispatch/handlers/resources-read.handler';
import { McpExceptionFilter } from './errors/mcp-exception.filter';

/**
 * The classes a host may replace with a subclass (`overrides`): those with
 * `protected` steps documented "Overridable". The others keep no step a
 * subclass could change without reaching into their internals.
 */
export const MCP_OVERRIDABLE: readonly Type<object>[] = [
  McpOriginGuard,
  McpAuthGuard,
  McpHeaderMismatchGuard,
  McpRateLimiter,
  McpProviderInvoker,
  ResourcesReadHandler,
  McpExceptionFilter,
];

/** The class the module uses for one of its own: the host's subclass, or the class itself. */
export type McpClassResolver = <T extends object>(base: Type<T>) => Type<T>;

/**
 * Checks the host's overrides when the module is defined (an overridable
 * class, replaced by a subclass of itself, once) and answers which class to
 * use for each. The controller applies it to its guards and
 * filter, which Nest builds from the classes named in their decorators; the
 * other classes are replaced as providers (see `mcp.module-definition.ts`).
 *
 * @throws Error for any other override, so a typo stops start-up.
 */
export function resolveMcpOverrides(overrides: readonly McpOverride[]): McpClassResolver {
  const substitutes = new Map<Type<object>, Type<object>>();
  for (const { provide, useClass } of overrides) {
    if (!MCP_OVERRIDABLE.includes(provide)) {
      throw new Error(McpMessages.notOverridable(nameOf(provide), MCP_OVERRIDABLE.map(nameOf)));
    }
    if (typeof useClass !== 'function' || !(useClass === provide || useClass.prototype instanceof provide)) {
      throw new Error(McpMessages.overrideNotSubclass(nameOf(provide), nameOf(useClass)));
    }
    if (substitutes.has(provide)) throw new Error(McpMessages.duplicateOverride(nameOf(provide)));
    substitutes.set(provide, useClass);
  }
  return <T extends object>(base: Type<T>) => (substitutes.get(base) as Type<T> | undefined) ?? base;
}

function nameOf(value: unknown): string {
  return typeof value === 'function' && value.name ? value.name : String(value);
}

import { Type, ValidationPipeOptions } from '@nestjs/common';
import { McpTokenVerifier } from './mcp-token-verifier.interface';
import { McpDrainOptions, McpRateLimitOptions, McpResolvedRateLimit } from './mcp-limits-options.interface';
import { McpAvailability } from './mcp-availability.interface';
import type { McpConfirmationStore } from './mcp-confirmation-store.interface';
import type { McpAuditSink } from './mcp-audit-sink.interface';
import type { McpTaskStore } from './mcp-task.interface';
import type { McpStandardSchemaValidationOptions } from './mcp-standard-schema.interface';

/** `serverInfo` of `initialize` and `_meta["io.modelcontextprotocol/serverInfo"]` of era 2026. */
export interface McpServerInfo {
  name: string;
  title?: string;
  version: string;
}

/** Options of `McpModule.forRoot()` / `forRootAsync()`. Defaults are merged in one place: `mcp.options.ts`. */
export interface McpModuleOptions {
  /** Who the server is. */
  serverInfo: McpServerInfo;
  /** Verifies bearer tokens and returns the caller. Required. */
  verifier: McpTokenVerifier;
  /** Text for the model, returned by `server/discover` and `initialize`. @default undefined */
  instructions?: string;
  /**
   * Public origin of the server (scheme://host[:port]), used in the
   * `resource_metadata` challenge, the Protected Resource Metadata, and as the
   * server's own `Origin` (never derived from the request's `Host`).
   * @default derived from the request's Host header
   */
  publicUrl?: string;
  /** Authorization servers advertised in the Protected Resource Metadata. @default [] */
  authorizationServers?: string[];
  /** `resource_name` of the Protected Resource Metadata. @default serverInfo.title ?? serverInfo.name */
  resourceName?: string;
  /** Scopes advertised in the Protected Resource Metadata. @default every scope a tool, resource, template or prompt declares */
  scopesSupported?: string[];
  /**
   * Origins accepted besides the server's own. `'localhost'` accepts
   * localhost, 127.0.0.1 and [::1] on any port.
   * @default ['localhost']
   */
  allowedOrigins?: string[];
  /** Largest request body, checked on `Content-Length` and on the bytes that arrive. @default 1048576 */
  maxBodyBytes?: number;
  /**
   * The options the host's REST `ValidationPipe` uses, so tool arguments are
   * validated and transformed exactly as the route's body is.
   * @default { whitelist: true, forbidNonWhitelisted: true, transform: true }
   */
  validation?: ValidationPipeOptions;
  /**
   * The options the host's REST `StandardSchemaValidationPipe` uses (Nest 12),
   * so arguments declared with a Standard Schema are validated and
   * transformed, and refused with the same 400 body, as the route's
   * `@Body({ schema })` is.
   * @default {} (Nest's defaults: transform, 400 with one "path: message" per issue)
   */
  standardSchemaValidation?: McpStandardSchemaValidationOptions;
  /**
   * Install Nest's default JSON and urlencoded parsers (with `maxBodyBytes`
   * as their limit), on Express or on Fastify, with the MCP path exempted (its body is read only after authentication). Set `false` when
   * the app is created with `bodyParser: false` and registers its own parsers,
   * which must then skip the MCP path (the exact path: its other forms, such
   * as `/mcp/` or `/MCP`, are answered 404 by the module before any parser).
   * @default true
   */
  installBodyParsers?: boolean;
  /**
   * Paths, besides the MCP path, that the installed parsers leave unread:
   * routes that stream their body themselves (a presigned upload, say),
   * matched against the request's path without its query (`req.path`; on
   * Fastify the route then reads `request.raw`). Match each the way Express routes it (any
   * case, an optional trailing slash), so no form of it reaches a parser.
   * @default []
   */
  unparsedPaths?: RegExp[];
  /** Keep `req.rawBody` in the installed parsers, as the app option `rawBody` does. @default false */
  rawBody?: boolean;
  /**
   * Limits per caller (organization + subject + OAuth client) and class of call
   * (read, write, run), docs/protocol.md §6; `false` turns them off.
   * @default { read: 600/min, write: 120/min, run: 30/min, in-memory storage }
   */
  rateLimit?: McpRateLimitOptions | false;
  /** Shutdown: the grace period for requests in flight and the `Retry-After` of the 503s meanwhile. @default { graceMs: 10000, retryAfterSeconds: 5 } */
  drain?: McpDrainOptions;
  /** The host's say on taking a call now (e.g. queue saturated) and on transient errors. @default every call is taken */
  availability?: McpAvailability;
  /** Send `Retry-After` with 503 too (Billing sends it only with 429). @default true */
  retryAfterOn503?: boolean;
  /**
   * HMAC-SHA256 key of the `requestState` that in-chat confirmations of
   * destructive tools carry (docs/protocol.md §7). Every replica must use the same
   * one. A function is read at each use, so a host may resolve it after
   * start-up (e.g. from a secrets table).
   * @default 32 random bytes per process: single-process deployments only
   */
  confirmationSecret?: string | Buffer | (() => string | Buffer);
  /** Lifetime of a confirmation's `requestState`, in seconds. @default 300 */
  confirmationTtlSeconds?: number;
  /**
   * Whether every destructive tool requires the person on the approval page,
   * even when the client declared `elicitation`; a tool's
   * `confirmation.requirePerson` overrides it.
   * @default false
   */
  confirmationRequiresPerson?: boolean;
  /** Lifetime of an approval link, in seconds. @default 600 */
  approvalTtlSeconds?: number;
  /**
   * The URL of the host's approval page for an approval id.
   * @default (id) => `${publicUrl ?? ''}/approvals/${id}`
   */
  approvalUrl?: (approvalId: string) => string;
  /**
   * Where nonces and approvals live; every replica must share it.
   * @default a McpMemoryConfirmationStore: single-process deployments and tests only
   */
  confirmationStore?: McpConfirmationStore;
  /**
   * Receives one event per decision of the endpoint that matters to a
   * person (every `tools/call`; refusals for scope, rate or availability),
   * after the answer is written; its failures are logged and counted, never
   * answered.
   * @default a sink that keeps nothing
   */
  auditSink?: McpAuditSink;
  /**
   * Where the tasks of task tools live (tasks extension); every replica must share it.
   * @default a McpMemoryTaskStore: single-process deployments and tests only
   */
  taskStore?: McpTaskStore;
  /** How long a task can be read after it was created (`ttlMs`), in milliseconds. @default 86400000 (a day) */
  taskTtlMs?: number;
  /** The `pollIntervalMs` clients are asked to keep between two `tasks/get`. @default 2000 */
  taskPollIntervalMs?: number;
}

/** Options with every default applied, as the module's parts read them. */
export interface McpResolvedOptions extends Required<Omit<McpModuleOptions, 'instructions' | 'publicUrl' | 'scopesSupported' | 'rateLimit' | 'drain'>> {
  rateLimit: McpResolvedRateLimit | false;
  drain: Required<McpDrainOptions>;
  instructions?: string;
  publicUrl?: string;
  scopesSupported?: string[];
  /** Path of the endpoint (a module extra). */
  path: string;
}

/**
 * A subclass the module builds in place of one of its own classes, the way a
 * Nest provider is overridden: `provide` is the module's class, `useClass`
 * the host's subclass of it, decorated with `@Injectable()`.
 */
export interface McpOverride<T extends object = object> {
  /** The module's class: one of those whose steps are documented "Overridable". */
  provide: Type<T>;
  /** A subclass of `provide`; its constructor may take what the module provides and what `imports` export. */
  useClass: Type<T>;
}

/** Options known when the module is defined, before any provider exists. */
export interface McpModuleExtras {
  /**
   * Path of the MCP endpoint, matched exactly: other case or a trailing slash
   * is answered 404, as an unknown route, though Express would route it here.
   * @default '/mcp'
   */
  path: string;
  /**
   * Subclasses to use in place of the module's own classes, one per class.
   * Only the classes with steps documented "Overridable" may be replaced:
   * `McpOriginGuard`, `McpAuthGuard`, `McpHeaderMismatchGuard`,
   * `McpRateLimiter`, `McpProviderInvoker`, `ResourcesReadHandler` and
   * `McpExceptionFilter`. Anything else stops start-up. An extra, like `path`,
   * because the endpoint's guards and filter are declared with its
   * route, before any options factory runs.
   *
   * @example
   * ```ts
   * McpModule.forRootAsync({
   *   overrides: [{ provide: McpOriginGuard, useClass: PartnerOriginGuard }],
   *   useFactory: () => ({ ... }),
   * })
   * ```
   * @default []
   */
  overrides?: McpOverride[];
}

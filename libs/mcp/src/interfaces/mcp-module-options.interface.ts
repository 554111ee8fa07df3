import { ValidationPipeOptions } from '@nestjs/common';
import { McpTokenVerifier } from '../auth/mcp-token-verifier.interface';

/** `serverInfo` of `initialize` and `_meta["io.modelcontextprotocol/serverInfo"]` of era 2026. */
export interface McpServerInfo {
  name: string;
  title?: string;
  version: string;
}

/** Options of `McpModule.forRoot()` / `forRootAsync()`. Defaults are merged in one place: `mcp-options.defaults.ts`. */
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
   * Install Nest's default JSON and urlencoded parsers (with `maxBodyBytes`
   * as their limit) with the MCP path exempted (its body is read only after authentication). Set `false` when
   * the app is created with `bodyParser: false` and registers its own parsers,
   * which must then skip the MCP path.
   * @default true
   */
  installBodyParsers?: boolean;
  /** Keep `req.rawBody` in the installed parsers, as the app option `rawBody` does. @default false */
  rawBody?: boolean;
}

/** Options with every default applied, as the module's parts read them. */
export interface McpResolvedOptions extends Required<Omit<McpModuleOptions, 'instructions' | 'publicUrl' | 'scopesSupported'>> {
  instructions?: string;
  publicUrl?: string;
  scopesSupported?: string[];
  /** Path of the endpoint (a module extra). */
  path: string;
}

/** Options known when the module is defined, before any provider exists. */
export interface McpModuleExtras {
  /** Path of the MCP endpoint. @default '/mcp' */
  path: string;
}

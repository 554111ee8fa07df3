import type { DynamicModule, ForwardReference, InjectionToken, ModuleMetadata, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DatabaseMigrations } from '@kobana/database';
import type { CliCommands, Environment, ReadinessCheck, ShutdownStep } from '@kobana/host-kit';
import type { IdentityOptions, IdentityService } from '@kobana/identity';
import type { McpModuleOptions } from '@kobana/mcp';
import type { OAuthCliServices, OAuthScopeDescription } from '@kobana/oauth';
import type { People } from '@kobana/people';
import type { HostSettings } from './config/host-settings.interface';

/** A module a host hands the platform: a class, a dynamic module, or a forward reference. */
export type HostModule = Type<unknown> | DynamicModule | ForwardReference;

/** Providers built from others, the shape of Nest's `useFactory` (extension points of the descriptor). */
export interface HostFactory<T> {
  /** Modules that provide what `inject` names. @default [] */
  imports?: NonNullable<ModuleMetadata['imports']>;
  /** What `useFactory` receives, in order. @default [] */
  inject?: InjectionToken[];
  useFactory(...args: any[]): T;
}

/** What the start-up banner is given (`renderHostBanner`). */
export interface HostBannerInput<Seed> {
  publicUrl: string;
  /** Where the server actually listens, e.g. `127.0.0.1:3000`. */
  listening: string;
  /** The database, as `describeDatabase` words it. */
  database: string;
  /** What the demo seeding did; `null` when `<PREFIX>DEMO=false`. */
  demo: Seed | null;
}

/** The host's MCP endpoint: everything but what the platform builds (verifier, origin, confirmations, audit). */
export interface HostMcpDescriptor {
  /** Path of the endpoint, relative to `PUBLIC_URL`. @default '/mcp' */
  path?: string;
  /** What `initialize` and `server/discover` tell the model. */
  instructions: string;
  /**
   * Modules with the MCP resources, prompts and completions (the tools live
   * on the API's services, which `api` brings). Imported after the API.
   * @default []
   */
  modules?: HostModule[];
  /** Paths the body parsers leave unread besides the MCP path and the authorization server's. @default [] */
  unparsedPaths?: RegExp[];
  /** More `McpModule` options (limits, a task store, allowed origins), merged over the platform's. @default none */
  options?: HostFactory<Partial<McpModuleOptions>>;
}

/** What every demo seeding returns, for the banner's lines the platform writes. */
export interface HostDemoSeed {
  organizationSlug: string;
  /** The owner's e-mail, to sign in on the approval pages. */
  ownerEmail: string;
  /** The owner's password when this seeding set it, shown once; `null` when it was set before (only its hash is kept), or without credentials. */
  ownerPassword: string | null;
}

/** How a host's demo is seeded. */
export interface HostDemoSeedOptions {
  /**
   * Whether to give the owner a password and mint tokens, shown once by the
   * banner. `false` in production (see docs/security-model.md): the
   * organization and its owner exist, and the operator gives them
   * credentials with the CLI, which prints them to the operator alone.
   */
  credentials: boolean;
}

/** The demo organization a host seeds on start, and what its banner shows of it. */
export interface HostDemoDescriptor<Seed extends HostDemoSeed> {
  /** Seeds the demo; `credentials` is false in production, where no password or token is minted. */
  seed(identity: IdentityService, options: HostDemoSeedOptions): Promise<Seed>;
  /**
   * The banner's lines of a demo seeded with credentials, after where to
   * connect: its tokens, the owner's password, a curl to try. `null` when
   * the seed holds none (production): the platform then says how to mint them.
   */
  lines(seed: Seed, urls: { publicUrl: string; mcpUrl: string }): string[] | null;
  /** What the banner's `token create` suggestions add after `--role owner`, e.g. ` --audience mcp`. @default '' */
  tokenArgs?: string;
}

/**
 * Everything a host states about itself; the platform assembles the rest
 * (see `PlatformModule.forHost`). Build it with {@link defineHost}.
 *
 * @typeParam Own  the host's own settings, read by `config`.
 */
export interface HostDescriptor<Own extends object = object, Seed extends HostDemoSeed = HostDemoSeed> {
  /**
   * Short lower-case name: the realm `<name>-api` of `/api/v1`, generated
   * users `<role>@<slug>.<name>.local`, the default database
   * `sqlite:./data/<name>.sqlite`, the demo client `<name>-demo`.
   */
  name: string;
  /** What a person reads: `Kadu`, `Kobana Billing`. */
  title: string;
  /** Name of the MCP server (`serverInfo.name`) and of the telemetry service. @default name */
  serverName?: string;
  /** `serverInfo.version`. @default '1.0.0' */
  version?: string;
  /** First part of every token (`kadu` → `kadu_mcp_…`), and of the session cookie (`kadu_session`). */
  tokenPrefix: string;
  /** Prefix of the host's own environment variables, e.g. `KADU_` (`KADU_DEMO`, `KADU_SIGNING_SECRET`). */
  envPrefix: string;
  /** Roles of a person in an organization, from most to least powerful. */
  roles: readonly string[];
  /** Every scope, in the words the consent page shows, in its order; a token gets all of them by default. */
  scopes: readonly OAuthScopeDescription[];
  /**
   * The host's own migrations by name; merged with the libraries' (a name both use is refused). A host whose
   * people are identity's lists identity's tables here (`createIdentityMigration`, with its own columns of
   * `organizations`); with `people`, the platform adds them as `0001_create_identity` unless listed.
   * @default {}
   */
  migrations?: DatabaseMigrations;
  /** The host's own settings besides the platform's; problems go to `problems`, every one reported at once. @default none */
  config?(env: Environment, problems: string[], shared: HostSettings): Own;
  /** Read a `.env` file of the working directory (values never override variables already set). @default false */
  envFile?: boolean;
  /** Secrets besides `<PREFIX>SIGNING_SECRET`, each generated and kept in the database unless set in the environment. @default [] */
  secrets?: readonly string[];
  /** More identity options (columns the host adds to `organizations`). @default none */
  identity?: Pick<IdentityOptions, 'organizationValues'>;
  /**
   * Roles `<name>_audit_events_list` is listed for. With identity's people, the roles that may read the audit
   * trail: the tool, `GET /api/v1/audit_events` and the `/audit` page (identity's `audit.read`). With the host's
   * own `people`, their `may(person, 'audit.read')` decides the page, the route and each call of the tool.
   * @default ['owner', 'admin'] with identity's people; every role of `roles` with the host's own
   */
  auditRoles?: readonly string[];
  /** The scope `<name>_audit_events_list` needs, as every tool has one; one of `scopes` (start-up refuses another). @default '<name>:read' */
  auditScope?: string;
  /** What the audit tool and route tell a caller who may not read the trail (403). @default 'Your role may not read the audit trail' */
  auditRefusal?: string;
  /**
   * The people who sign in on the host's pages and whose tokens its server
   * issues, when they are the application's own rather than identity's: a
   * class, or a factory of other providers (docs/architecture.md, "People").
   * The platform then keeps a record of each person it confirms in identity's
   * tables, which the libraries' tables point at.
   * @default IdentityPeople (identity's users and organizations)
   */
  people?: Type<People> | HostFactory<People>;
  /** The MCP endpoint. */
  mcp: HostMcpDescriptor;
  /**
   * The API's feature modules (controllers, services and their tools), imported after the MCP endpoint;
   * the platform adds `/api/v1/audit_events` and `<name>_audit_events_list` (scope `auditScope`) after them.
   */
  api: HostModule[];
  /** The REST API's OpenAPI document, at `GET /api/v1/openapi.json` (docs/openapi.md). @default { description: none } */
  openApi?: {
    /** What the document's `info.description` says of the API. @default none */
    description?: string;
  };
  /** More readiness checks besides the database's (a Redis, say). @default none */
  health?: HostFactory<ReadinessCheck[]>;
  /** Shutdown steps run at the signal after the MCP drain (workers, say). @default none */
  shutdown?(app: NestExpressApplication): ShutdownStep[];
  /** The demo organization. */
  demo: HostDemoDescriptor<Seed>;
  /** The CLI: how it is run (for its help text) and any commands of the host's own. */
  cli: {
    /** What a person types before a command: `npm run cli --`. */
    command: string;
    /** More commands. @default none */
    commands?: CliCommands<OAuthCliServices<IdentityService>>;
  };
}

/**
 * What the CLI needs of a host, none of its modules: who it is, its people's
 * roles and scopes, its prefixes and its migrations. A host keeps it in a file
 * of its own that imports none of its modules (`kadu-core.host.ts`), and its
 * descriptor spreads it, so `token create` opens configuration, the database,
 * identity and the OAuth grants without loading the API, the tools or the MCP
 * endpoint. The host's own settings (`config`) are not read there: no command
 * of the platform uses them, so a setting of a feature never stops the CLI.
 */
export type HostCoreDescriptor = Pick<
  HostDescriptor,
  | 'name'
  | 'title'
  | 'roles'
  | 'scopes'
  | 'people'
  | 'cli'
  | 'tokenPrefix'
  | 'envPrefix'
  | 'envFile'
  | 'migrations'
  | 'identity'
  | 'auditRoles'
  | 'auditScope'
  | 'auditRefusal'
>;

/** Checks a descriptor's shape at compile time and returns it unchanged: `export const KADU = defineHost({...})`. */
export function defineHost<Own extends object, Seed extends HostDemoSeed>(descriptor: HostDescriptor<Own, Seed>): HostDescriptor<Own, Seed> {
  return descriptor;
}

import { DynamicModule, InjectionToken, Module, ModuleMetadata } from '@nestjs/common';
import { MCP_TASKS_DATABASE } from './mcp-tasks.constants';
import { DatabaseTaskStore } from './database-task.store';
import { McpTasksPruner } from './mcp-tasks-pruner.worker';
import { DEFAULT_MCP_TASKS_SETTINGS, MCP_TASKS_SETTINGS, McpTasksSettings } from './mcp-tasks.options';

/** What a host hands the task store: the module that provides its database, and the token of its `Kysely`. */
export interface McpTasksHostOptions {
  imports: NonNullable<ModuleMetadata['imports']>;
  /** The host's `Kysely` token; its database is migrated with `createMcpTasks`. */
  database: InjectionToken;
  /**
   * Overrides of the defaults ({@link DEFAULT_MCP_TASKS_SETTINGS}), from the
   * host's providers (its configuration: a platform host passes its
   * `<P>PRUNE_INTERVAL_MS`).
   */
  settings?: {
    inject?: InjectionToken[];
    useFactory: (...args: never[]) => Partial<McpTasksSettings>;
  };
}

/**
 * The database task store for any host, and the pruner of expired tasks.
 * The host passes the exported {@link DatabaseTaskStore} to `McpModule` as
 * `taskStore` (by its class: `McpModule` provides the `McpTaskStore` token
 * itself, from that option).
 */
@Module({})
export class McpTasksModule {
  /** The store bound to one host's database. */
  static register(host: McpTasksHostOptions): DynamicModule {
    return {
      module: McpTasksModule,
      imports: host.imports,
      providers: [
        { provide: MCP_TASKS_DATABASE, useExisting: host.database },
        {
          provide: MCP_TASKS_SETTINGS,
          inject: host.settings?.inject ?? [],
          useFactory: (...args: never[]): McpTasksSettings => ({ ...DEFAULT_MCP_TASKS_SETTINGS, ...host.settings?.useFactory(...args) }),
        },
        DatabaseTaskStore,
        McpTasksPruner,
      ],
      exports: [DatabaseTaskStore],
    };
  }
}

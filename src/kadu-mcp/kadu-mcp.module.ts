import { Module } from '@nestjs/common';
import { ExecutionsModule } from '../executions/executions.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { TasksModule } from '../tasks/tasks.module';
import { KaduCompletions } from './kadu-completions.provider';
import { KaduIdCompleter } from './kadu-id-completer.service';
import { KaduPrompts } from './kadu-prompts.provider';
import { KaduResources } from './kadu-resources.provider';

/**
 * Kadu's MCP resources, resource templates, prompts and completions
 * (docs/protocol.md §9). McpModule discovers them by their decorators; the tools
 * themselves live on the feature services.
 */
@Module({
  // FilesModule is imported by AppModule; its service is resolved app-wide (see KaduResources).
  imports: [OrganizationsModule, TasksModule, ExecutionsModule],
  providers: [KaduResources, KaduPrompts, KaduCompletions, KaduIdCompleter],
})
export class KaduMcpModule {}

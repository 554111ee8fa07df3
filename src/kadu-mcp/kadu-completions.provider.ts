import { Injectable } from '@nestjs/common';
import { McpCaller, McpCompletion } from '@kobana/mcp';
import { KaduIdCompleter } from './kadu-id-completer.service';
import { KADU_URIS } from './kadu-mcp.constants';
import { KADU_PROMPTS } from './kadu-prompts.constants';

/**
 * Suggestions for the `{id}` of each resource template and for the id
 * arguments of Kadu's prompts: ids of the caller's organization only, by
 * prefix. The module sends at most 100, with `total` and `hasMore`, and only
 * to callers who may use the template or prompt.
 */
@Injectable()
export class KaduCompletions {
  constructor(private readonly ids: KaduIdCompleter) {}

  /** `{id}` of `kobana://kadu/tasks/{id}`. */
  @McpCompletion({ ref: { type: 'ref/resource', uri: KADU_URIS.task }, argument: 'id' })
  taskIds(caller: McpCaller, prefix: string): Promise<string[]> {
    return this.ids.idsStartingWith('tasks', caller.organization_id, prefix);
  }

  /** `{id}` of `kobana://kadu/executions/{id}`. */
  @McpCompletion({ ref: { type: 'ref/resource', uri: KADU_URIS.execution }, argument: 'id' })
  executionIds(caller: McpCaller, prefix: string): Promise<string[]> {
    return this.ids.idsStartingWith('executions', caller.organization_id, prefix);
  }

  /** `{id}` of `kobana://kadu/files/{id}`. */
  @McpCompletion({ ref: { type: 'ref/resource', uri: KADU_URIS.file }, argument: 'id' })
  fileIds(caller: McpCaller, prefix: string): Promise<string[]> {
    return this.ids.idsStartingWith('files', caller.organization_id, prefix);
  }

  /** `task_id` of `kadu_run_task_on_files`. */
  @McpCompletion({ ref: { type: 'ref/prompt', name: KADU_PROMPTS.runTaskOnFiles }, argument: 'task_id' })
  promptTaskIds(caller: McpCaller, prefix: string): Promise<string[]> {
    return this.ids.idsStartingWith('tasks', caller.organization_id, prefix);
  }

  /** `execution_id` of `kadu_explain_execution`. */
  @McpCompletion({ ref: { type: 'ref/prompt', name: KADU_PROMPTS.explainExecution }, argument: 'execution_id' })
  promptExecutionIds(caller: McpCaller, prefix: string): Promise<string[]> {
    return this.ids.idsStartingWith('executions', caller.organization_id, prefix);
  }
}

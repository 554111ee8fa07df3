import { HttpException, Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpToolDefinition } from '../interfaces/mcp-tool-definition.interface';
import { McpTaskChange, McpTaskRecord, McpTaskState, McpTaskStore } from '../interfaces/mcp-task.interface';
import { McpToolRegistry } from '../discovery/mcp-tool.registry';
import { isRoleAllowed, missingScopes } from '../discovery/mcp-access.policy';
import { httpExceptionMessage } from '../errors/mcp-http-exception.parser';
import { invalidParams } from '../errors/mcp-method.error';
import { taskNotFound } from '../errors/mcp-task.error';
import { toolResult } from '../results/mcp-tool.view';
import { McpMessages } from '../mcp.messages';
import { MCP_FINAL_TASK_STATUSES, MCP_TASK_ID_BYTES } from './mcp-task.constants';

/** A task the caller may see, with its tool. */
interface McpOwnedTask {
  record: McpTaskRecord;
  tool: McpToolDefinition & { task: NonNullable<McpToolDefinition['task']> };
}

/**
 * The tasks of the tasks extension (see docs/tasks.md): creates the record a
 * task tool's call answers with, and serves `tasks/get`, `tasks/update` and
 * `tasks/cancel` from the store and the tool's own methods. State lives in
 * the store only, so any replica answers any task.
 */
@Injectable()
export class McpTasks {
  constructor(
    @Inject(McpTaskStore) private readonly store: McpTaskStore,
    @Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions,
    private readonly tools: McpToolRegistry,
  ) {}

  /** Records the task of a call whose method returned `handle`; answers the `CreateTaskResult` once the task can be read back. */
  async create(tool: McpToolDefinition, caller: McpCaller, handle: unknown): Promise<Record<string, unknown>> {
    const now = new Date();
    const record: McpTaskRecord = {
      id: randomBytes(MCP_TASK_ID_BYTES).toString('base64url'),
      organization_id: caller.organization_id,
      subject: caller.subject,
      client_id: caller.client_id,
      tool: tool.name,
      handle: JSON.stringify(handle ?? null),
      status: 'working',
      status_message: null,
      outcome: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.options.taskTtlMs).toISOString(),
    };
    await this.store.create(record);
    return { resultType: 'task', ...this.envelope(record) };
  }

  /** `tasks/get`: a final task from the store; any other as its tool's `status` says now (recorded when it changed). */
  async get(caller: McpCaller, id: string): Promise<Record<string, unknown>> {
    const owned = await this.owned(caller, id);
    let record = owned.record;
    if (!MCP_FINAL_TASK_STATUSES.has(record.status)) {
      const change = this.changeOf(owned, await this.stateOf(owned, caller));
      if (changed(record, change)) record = (await this.store.update(id, change)) ?? (await this.owned(caller, id)).record;
    }
    return this.detailed(record);
  }

  /** `tasks/update`: hands the responses to the tool's `update`, unless the task is final. */
  async update(caller: McpCaller, id: string, inputResponses: Record<string, Record<string, unknown>>): Promise<McpOwnedTask> {
    const owned = await this.owned(caller, id);
    if (MCP_FINAL_TASK_STATUSES.has(owned.record.status) || !owned.tool.task.update) return owned;
    try {
      await owned.tool.task.update(caller, parse(owned.record.handle), inputResponses);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() < 500) throw invalidParams('2026', httpExceptionMessage(error));
      throw error;
    }
    return owned;
  }

  /**
   * `tasks/cancel`: asks the tool's `cancel` (cooperative: the next `status`
   * tells), or records the task cancelled when the tool has none. A final
   * task, or work that finished meanwhile (the route's 409), is left as it
   * is, with the same empty ack; the route's other 4xx is -32602 with its words.
   */
  async cancel(caller: McpCaller, id: string): Promise<McpOwnedTask> {
    const owned = await this.owned(caller, id);
    if (MCP_FINAL_TASK_STATUSES.has(owned.record.status)) return owned;
    if (!owned.tool.task.cancel) {
      await this.store.update(id, { status: 'cancelled', status_message: null, outcome: null, updated_at: new Date().toISOString() });
      return owned;
    }
    try {
      await owned.tool.task.cancel(caller, parse(owned.record.handle));
    } catch (error) {
      // 409: the work finished meanwhile; cancellation is a request, and the next status tells how it ended.
      if (error instanceof HttpException && error.getStatus() === 409) return owned;
      // Any other refusal of the route (the caller may not cancel, say) is the caller's to read.
      if (error instanceof HttpException && error.getStatus() < 500) throw invalidParams('2026', httpExceptionMessage(error));
      throw error;
    }
    return owned;
  }

  /**
   * The task, when the caller may see it: the same organization, person and
   * client that created it, and a role and scopes that still allow its
   * tool. Anything else answers exactly as an unknown id.
   */
  private async owned(caller: McpCaller, id: string): Promise<McpOwnedTask> {
    const record = await this.store.find(id, new Date());
    if (!record || record.organization_id !== caller.organization_id || record.subject !== caller.subject || record.client_id !== caller.client_id) {
      throw taskNotFound();
    }
    const tool = this.tools.get(record.tool);
    if (!tool?.task || !isRoleAllowed(tool, caller) || missingScopes(tool, caller).length > 0) throw taskNotFound();
    return { record, tool: tool as McpOwnedTask['tool'] };
  }

  /** What the tool's `status` says; a route's error while reading it fails the task with its words. */
  private async stateOf({ record, tool }: McpOwnedTask, caller: McpCaller): Promise<McpTaskState> {
    try {
      const state = await tool.task.status(caller, parse(record.handle));
      if (!state || typeof state !== 'object' || typeof state.status !== 'string') throw new TypeError(McpMessages.taskStateInvalid(tool.name));
      return state;
    } catch (error) {
      if (!(error instanceof HttpException)) throw error;
      return { status: 'failed', error: { code: -32603, message: httpExceptionMessage(error) } };
    }
  }

  private changeOf({ tool }: McpOwnedTask, state: McpTaskState): McpTaskChange {
    const base = { status: state.status, status_message: state.statusMessage ?? null, updated_at: new Date().toISOString() };
    switch (state.status) {
      case 'working':
      case 'cancelled':
        return { ...base, outcome: null };
      case 'input_required':
        return { ...base, outcome: JSON.stringify(state.inputRequests) };
      case 'completed':
        return { ...base, outcome: JSON.stringify(toolResult(state.result, state.isError === true)) };
      case 'failed':
        return { ...base, outcome: JSON.stringify(state.error) };
      default:
        throw new TypeError(McpMessages.taskStateInvalid(tool.name));
    }
  }

  /** The members every task answer has (`Task`). */
  private envelope(record: McpTaskRecord): Record<string, unknown> {
    return {
      taskId: record.id,
      status: record.status,
      ...(record.status_message !== null ? { statusMessage: record.status_message } : {}),
      createdAt: record.created_at,
      lastUpdatedAt: record.updated_at,
      ttlMs: this.options.taskTtlMs,
      pollIntervalMs: this.options.taskPollIntervalMs,
    };
  }

  /** `DetailedTask`: the envelope and the payload of its status. */
  private detailed(record: McpTaskRecord): Record<string, unknown> {
    const payload = record.outcome === null ? undefined : parse(record.outcome);
    const key = { input_required: 'inputRequests', completed: 'result', failed: 'error' }[record.status as string];
    return { ...this.envelope(record), ...(key && payload !== undefined ? { [key]: payload } : {}) };
  }
}

function changed(record: McpTaskRecord, change: McpTaskChange): boolean {
  return record.status !== change.status || record.status_message !== change.status_message || record.outcome !== change.outcome;
}

function parse(json: string): unknown {
  return JSON.parse(json) as unknown;
}

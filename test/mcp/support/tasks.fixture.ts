import { BadRequestException, Injectable, Module, NotFoundException } from '@nestjs/common';
import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { McpCaller, McpContent, McpContext, McpModule, McpTool } from '@kobana/mcp';
import type { McpAuditEvent, McpCallContext, McpTaskState, McpTaskStore } from '@kobana/mcp';
import { FixtureVerifier } from './fixture.verifier';

/** The extension as a request declares it. */
export const TASKS_CAPABILITIES = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

/** One job of the fixture: its state, set by the test, and what its hooks were given. */
export interface FixtureJob {
  id: string;
  state: McpTaskState;
  updates: Record<string, unknown>[];
  cancels: number;
  owner: string;
}

/** Task tools whose work is a job the test drives by hand. */
@Injectable()
export class TaskFixtureTools {
  readonly jobs = new Map<string, FixtureJob>();
  calls = 0;

  @McpTool({ name: 'run_job', description: 'Starts a job', task: { support: 'optional', status: 'status', update: 'update', cancel: 'cancel' } })
  run(@McpCaller() caller: McpCaller, @McpContext() context: McpCallContext) {
    const job = this.start(caller.subject);
    // Today's answer for a client without the extension: the job as a route would return it.
    return context.task ? { job: job.id } : { job: job.id, status: 'queued' };
  }

  @McpTool({ name: 'only_task', description: 'Runs only as a task', task: { support: 'required', status: 'status' } })
  onlyTask(@McpCaller() caller: McpCaller) {
    return { job: this.start(caller.subject).id };
  }

  @McpTool({ name: 'refuse_job', description: 'Refuses its arguments', task: { support: 'optional', status: 'status' } })
  refuse(): never {
    throw new BadRequestException('no such queue');
  }

  @McpTool({
    name: 'erase_job',
    description: 'Erases, after a confirmation',
    annotations: { destructiveHint: true },
    task: { support: 'optional', status: 'status' },
  })
  erase(@McpCaller() caller: McpCaller) {
    return { job: this.start(caller.subject).id };
  }

  @McpTool({ name: 'plain', description: 'Not a task', annotations: { readOnlyHint: true } })
  plain() {
    return McpContent.text('plain');
  }

  private start(owner: string): FixtureJob {
    this.calls++;
    const job: FixtureJob = { id: `job-${this.calls}`, state: { status: 'working' }, updates: [], cancels: 0, owner };
    this.jobs.set(job.id, job);
    return job;
  }

  status(_caller: McpCaller, handle: { job: string }): McpTaskState {
    const job = this.jobs.get(handle.job);
    if (!job) throw new NotFoundException('job gone');
    return job.state;
  }

  update(_caller: McpCaller, handle: { job: string }, responses: Record<string, unknown>): void {
    if ('bad' in responses) throw new BadRequestException('answer must be yes or no');
    this.jobs.get(handle.job)!.updates.push(responses);
  }

  cancel(_caller: McpCaller, handle: { job: string }): void {
    const job = this.jobs.get(handle.job)!;
    job.cancels++;
    job.state = { status: 'cancelled', statusMessage: 'Cancelled by the client' };
  }
}

/** Keeps every audit event. */
export class KeptAuditEvents {
  readonly events: McpAuditEvent[] = [];
  write(event: McpAuditEvent): void {
    this.events.push(event);
  }
}

/** The host of the tasks specs, with the given store (the module's memory store by default). */
export async function createTasksApp(audit: KeptAuditEvents, taskStore?: McpTaskStore): Promise<INestApplication> {
  @Module({ providers: [TaskFixtureTools, FixtureVerifier], exports: [FixtureVerifier] })
  class Host {}
  const moduleRef = await Test.createTestingModule({
    imports: [
      Host,
      McpModule.forRootAsync({
        imports: [Host],
        inject: [FixtureVerifier],
        useFactory: (verifier: FixtureVerifier) => ({
          serverInfo: { name: 'host', version: '1' },
          verifier,
          publicUrl: 'http://mcp.test',
          auditSink: audit,
          taskTtlMs: 60_000,
          taskPollIntervalMs: 500,
          ...(taskStore ? { taskStore } : {}),
        }),
      }),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

export interface TaskRpcOptions {
  token?: string;
  /** `Mcp-Name`; `null` sends none. @default the tool name or the task id */
  name?: string | null;
  capabilities?: Record<string, unknown>;
}

/** One era-2026 request declaring the tasks extension (unless `capabilities` says otherwise). */
export function taskRpc(app: INestApplication, method: string, params: Record<string, unknown>, options: TaskRpcOptions = {}): request.Test {
  const { token = 'token-reader', capabilities = TASKS_CAPABILITIES } = options;
  const name = options.name === undefined ? ((params.name ?? params.taskId) as string | undefined) : options.name;
  return request(app.getHttpServer())
    .post('/mcp')
    .set({
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': method,
      ...(name !== null && name !== undefined ? { 'Mcp-Name': name } : {}),
    })
    .send({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': capabilities,
          'io.modelcontextprotocol/clientInfo': { name: 'test-client', version: '1.0.0' },
        },
      },
    });
}

import { Injectable } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { McpArgs, McpContent, McpContext, McpInputRequired, McpTool } from '@kobana/mcp';
import type { McpCallContext, McpTaskState, McpToolTask } from '@kobana/mcp';
import { accepted, answer, elicit } from './conformance-input-required.util';
import { ConformanceTaskJobs, JobHandle } from './conformance-task-jobs.worker';

export class GreetDto {
  @IsString()
  name!: string;
}

export class SlowComputeDto {
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(600)
  seconds!: number;

  @IsOptional()
  @IsString()
  label?: string;
}

export class ConfirmDeleteDto {
  @IsString()
  filename!: string;
}

/** The three task methods every fixture below shares. */
const jobTask = (support: McpToolTask['support']): McpToolTask => ({ support, status: 'jobStatus', update: 'jobUpdate', cancel: 'jobCancel' });

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The tasks extension's fixtures (`tasks-*` scenarios): tools declared with
 * `task` in `@McpTool()`, whose method starts a job and returns its handle
 * when the call runs as a task, and the provider methods that report, answer
 * and cancel the job.
 */
@Injectable()
export class ConformanceTaskTools {
  constructor(private readonly jobs: ConformanceTaskJobs) {}

  @McpTool({ name: 'greet', description: 'Greets by name, at once', input: GreetDto, annotations: { readOnlyHint: true } })
  greet(@McpArgs() args: GreetDto) {
    return McpContent.text(`Hello, ${args.name}!`);
  }

  @McpTool({ name: 'slow_compute', description: 'Sleeps `seconds`, then answers', input: SlowComputeDto, task: jobTask('optional') })
  async slowCompute(@McpArgs() args: SlowComputeDto, @McpContext() context: McpCallContext) {
    const done = () => McpContent.text(`Computed ${args.label ?? 'result'} after ${args.seconds}s`);
    if (context.task) return this.jobs.after(args.seconds * 1000, () => ({ status: 'completed', result: done() }));
    await delay(args.seconds * 1000);
    return done();
  }

  @McpTool({ name: 'failing_job', description: 'Fails with a tool error after a second', task: jobTask('required') })
  failingJob() {
    return this.jobs.after(1000, () => ({ status: 'completed', result: McpContent.error('The job failed: nothing to process'), isError: true }));
  }

  @McpTool({ name: 'protocol_error_job', description: 'Fails with a protocol error', task: jobTask('optional') })
  protocolErrorJob(@McpContext() context: McpCallContext) {
    const failed: McpTaskState = { status: 'failed', statusMessage: 'The worker crashed', error: { code: -32603, message: 'Internal error in the job' } };
    if (!context.task) return McpContent.error('The worker crashed');
    return this.jobs.after(200, () => failed);
  }

  @McpTool({ name: 'confirm_delete', description: 'Asks for confirmation, then deletes', input: ConfirmDeleteDto, task: jobTask('optional') })
  confirmDelete(@McpArgs() args: ConfirmDeleteDto, @McpContext() context: McpCallContext) {
    if (!context.task) return McpContent.error('Confirmation needs the tasks extension');
    return this.jobs.asking({ confirm: elicit(`Delete ${args.filename}?`, { confirm: 'boolean' }) }, (answers) => {
      const confirmed = Object.values(answers).some((response) => accepted(response)?.confirm === true);
      return { status: 'completed', result: McpContent.text(confirmed ? `Deleted ${args.filename}` : `Kept ${args.filename}`) };
    });
  }

  @McpTool({ name: 'multi_input', description: 'Asks two questions at once', task: jobTask('optional') })
  multiInput(@McpContext() context: McpCallContext) {
    if (!context.task) return McpContent.error('Two questions need the tasks extension');
    return this.jobs.asking({ first: elicit('First name?', { name: 'string' }), second: elicit('Second name?', { name: 'string' }) }, (answers) => ({
      status: 'completed',
      result: McpContent.text(
        `Got ${Object.values(answers)
          .map((response) => String(accepted(response)?.name))
          .join(' and ')}`,
      ),
    }));
  }

  @McpTool({ name: 'test_tool_with_task', description: 'Asks a name in the call, then greets in a task', task: jobTask('required') })
  toolWithTask(@McpContext() context: McpCallContext) {
    const name = accepted(answer(context, 'user_name'))?.name;
    if (name === undefined) return new McpInputRequired({ user_name: elicit('What is your name?', { name: 'string' }) });
    return this.jobs.after(100, () => ({ status: 'completed', result: McpContent.text(`Hello, ${String(name)}!`) }));
  }

  jobStatus(_caller: unknown, handle: JobHandle): McpTaskState {
    return this.jobs.state(handle);
  }

  jobUpdate(_caller: unknown, handle: JobHandle, responses: Record<string, Record<string, unknown>>): void {
    this.jobs.answer(handle, responses);
  }

  jobCancel(_caller: unknown, handle: JobHandle): void {
    this.jobs.cancel(handle);
  }
}

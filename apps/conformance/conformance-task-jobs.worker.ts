import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { McpInputRequest, McpTaskState } from '@kobana/mcp';

/** One piece of background work of the task fixtures, as a host's queue would hold it. */
interface Job {
  state: McpTaskState;
  timer?: NodeJS.Timeout;
  /** Outstanding questions, by key; answered keys are removed. */
  pending: Record<string, McpInputRequest>;
  /** What the job does once every question is answered. */
  finish?: (answers: Record<string, Record<string, unknown>>) => McpTaskState;
  answers: Record<string, Record<string, unknown>>;
}

/** The handle a task fixture returns: the id of its job. */
export interface JobHandle {
  job: string;
}

/**
 * The task fixtures' work, in this process (the fixture host is one
 * process): a job runs on a timer or waits for answers, and the fixtures'
 * `status`, `update` and `cancel` methods read and steer it.
 */
@Injectable()
export class ConformanceTaskJobs implements OnApplicationShutdown {
  private readonly jobs = new Map<string, Job>();

  /** A job that becomes `done()` after `ms`. */
  after(ms: number, done: () => McpTaskState): JobHandle {
    const id = randomUUID();
    const job: Job = { state: { status: 'working' }, pending: {}, answers: {} };
    job.timer = setTimeout(() => (job.state = done()), ms).unref();
    this.jobs.set(id, job);
    return { job: id };
  }

  /** A job that waits for `questions` (keys unique to it), then becomes `finish(answers)`. */
  asking(questions: Record<string, McpInputRequest>, finish: Job['finish']): JobHandle {
    const id = randomUUID();
    const pending = Object.fromEntries(Object.entries(questions).map(([key, request]) => [`${key}-${id}`, request]));
    this.jobs.set(id, { state: { status: 'input_required', inputRequests: pending }, pending, finish, answers: {} });
    return { job: id };
  }

  state(handle: JobHandle): McpTaskState {
    return this.jobs.get(handle.job)?.state ?? { status: 'failed', error: { code: -32603, message: 'The job is gone' } };
  }

  /** Takes the answers to outstanding keys; others are ignored. */
  answer(handle: JobHandle, responses: Record<string, Record<string, unknown>>): void {
    const job = this.jobs.get(handle.job);
    if (!job || job.state.status !== 'input_required') return;
    for (const [key, response] of Object.entries(responses)) {
      if (!(key in job.pending)) continue;
      delete job.pending[key];
      job.answers[key] = response;
    }
    job.state =
      Object.keys(job.pending).length > 0
        ? { status: 'input_required', inputRequests: { ...job.pending } }
        : (job.finish?.(job.answers) ?? { status: 'working' });
  }

  cancel(handle: JobHandle): void {
    const job = this.jobs.get(handle.job);
    if (!job || ['completed', 'failed', 'cancelled'].includes(job.state.status)) return;
    clearTimeout(job.timer);
    job.state = { status: 'cancelled', statusMessage: 'Cancelled by the client' };
  }

  onApplicationShutdown(): void {
    for (const job of this.jobs.values()) clearTimeout(job.timer);
  }
}

import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';

/** One line naming what the numbers were measured on. */
export function describeMachine(): string {
  const cores = cpus();
  return `${cores.length} × ${cores[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${process.platform} ${process.arch}, Node ${process.version}`;
}

/** Where the processes run: each server on one core, the load generator (this process) on another. */
export interface CpuPlan {
  server: number;
  load: number;
}

/**
 * Pins the load generator and the servers to different cores when the
 * machine has at least two and `taskset` is there (`BENCH_PIN=0` turns it
 * off): otherwise autocannon and the server share the cores, the client's
 * fixed cost per request is added to every server's, and the ratios shrink
 * towards 1.
 *
 * @returns the plan, or `undefined` when the processes are not pinned.
 */
export function planCpus(): CpuPlan | undefined {
  if (process.env.BENCH_PIN === '0' || cpus().length < 2) return undefined;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return { server: 1, load: 0 };
}

/** Sets the affinity of every thread of `pid` to `cpu` (threads it starts later inherit it). */
export function pinProcess(pid: number, cpu: number): void {
  execFileSync('taskset', ['-a', '-cp', String(cpu), String(pid)], { stdio: 'ignore' });
}

/** The plan in words, for the report. */
export function describeCpuPlan(plan: CpuPlan | undefined): string {
  return plan ? `each server pinned to CPU ${plan.server}, the load generator to CPU ${plan.load} (taskset)` : 'server and load generator share the cores';
}

import { cpus, totalmem } from 'node:os';

/** One line naming what the numbers were measured on. */
export function describeMachine(): string {
  const cores = cpus();
  return `${cores.length} × ${cores[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${process.platform} ${process.arch}, Node ${process.version}`;
}

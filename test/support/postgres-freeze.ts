/**
 * Freezes a running PostgreSQL the way a stalled host does (SIGSTOP of the
 * postmaster and every process it forked: backends, checkpointer, WAL
 * writer), and thaws it (SIGCONT). Connections stay open and queries sent
 * meanwhile get no answer, neither an error: what a client sees of a server
 * paused by the kernel, a VM migration or a stuck disk.
 */
import type { PostgresCluster } from './postgres-cluster';

/** A frozen server's processes, to thaw. */
export interface FrozenPostgres {
  /** Sends SIGCONT to every process stopped; idempotent. */
  thaw(): void;
}

/** Stops every process of `cluster` (the postmaster first, so it forks nothing new meanwhile); thaw them with the answer. */
export function freezePostgres(cluster: PostgresCluster): FrozenPostgres {
  const stopped = cluster.pids().filter((pid) => signal(pid, 'SIGSTOP'));
  let thawed = false;
  return {
    thaw: () => {
      if (thawed) return;
      thawed = true;
      for (const pid of [...stopped].reverse()) signal(pid, 'SIGCONT');
    },
  };
}

/** Sends `name` to `pid`; false when the process has ended meanwhile (a backend whose client left). */
function signal(pid: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

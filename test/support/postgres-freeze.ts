/**
 * Freezes a running PostgreSQL the way a stalled host does (SIGSTOP of the
 * postmaster and every process it forked: backends, checkpointer, WAL
 * writer), and thaws it (SIGCONT). Connections stay open and queries sent
 * meanwhile get no answer, neither an error: what a client sees of a server
 * paused by the kernel, a VM migration or a stuck disk.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Client } from 'pg';

/** A frozen server's processes, to thaw. */
export interface FrozenPostgres {
  /** Sends SIGCONT to every process stopped; idempotent. */
  thaw(): void;
}

/**
 * Stops the server `url` points at: asks one backend for its pid, takes its
 * parent (the postmaster), and stops the postmaster first (so it forks no
 * new backend), then its children.
 */
export async function freezePostgres(url: string): Promise<FrozenPostgres> {
  const client = new Client({ connectionString: url });
  await client.connect();
  let postmaster: number;
  try {
    // Read while the backend lives: it exits with the connection.
    postmaster = parentOf((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid);
  } finally {
    await client.end();
  }
  process.kill(postmaster, 'SIGSTOP');
  const stopped = [postmaster, ...childrenOf(postmaster)];
  for (const pid of stopped.slice(1)) process.kill(pid, 'SIGSTOP');
  let thawed = false;
  return {
    thaw: () => {
      if (thawed) return;
      thawed = true;
      for (const pid of stopped.reverse()) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {
          // A process gone meanwhile has nothing to resume.
        }
      }
    },
  };
}

/** The parent pid of `pid`, from `/proc/<pid>/stat` (the field after the state, which follows the command's closing parenthesis). */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Every process whose parent is `parent`. */
function childrenOf(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (parentOf(Number(entry)) === parent) pids.push(Number(entry));
    } catch {
      // Ended between the listing and the read.
    }
  }
  return pids;
}

/**
 * The load across the replicas: executions queued over REST on rotating
 * replicas, and one replica killed (SIGKILL) while it holds one of them. Every
 * execution runs to completion exactly once; only the victim's is claimed twice.
 */
import { ClientTokens, inPool, rest, uploadCsv } from './replicas.client';
import { delay, killWhileHolding, LEASE_MS, ReplicaWorld } from './replicas.support';

const EXECUTIONS = 200;
/** Requests in flight at once during the load; `KADU_REPLICAS_CONCURRENCY` overrides it (1 to debug one request at a time). */
const CONCURRENCY = Number(process.env.KADU_REPLICAS_CONCURRENCY ?? 8);
const CSV = 'date,description,amount\n2026-01-02,Tarifa bancaria,-12.50\n2026-01-03,PIX recebido,100.00\n';
const RULES = [
  { category: 'fees', match: 'tarifa' },
  { category: 'income', match: 'pix' },
];

/**
 * Declares the case; `world` and `tokens` are read when it runs. Last in the
 * spec: it leaves two replicas.
 */
export function loadCases(world: () => ReplicaWorld, tokens: () => ClientTokens): void {
  const replica = (index: number) => world().replicas[index % world().replicas.length];

  it(`${EXECUTIONS} executions queued on rotating replicas run exactly once, though one replica is SIGKILLed half-way`, async () => {
    const files = await inPool(4, CONCURRENCY, (index) => uploadCsv([replica(index), replica(index + 1), replica(index + 2)], tokens(), `s${index}.csv`, CSV));
    const tasks = await inPool(
      4,
      CONCURRENCY,
      async (index) => (await rest(replica(index), tokens().api, 'POST', '/tasks', { name: `Load ${index}`, rules: RULES })).body.id as string,
    );

    const queued = inPool(EXECUTIONS, CONCURRENCY, (index) => runOnSomeReplica(index, { id: tasks[index % 4], input_file_ids: [files[index % 4]] }));

    // Half-way: once a quarter has finished, so a backlog is still there for the victim to hold.
    const victim = world().replicas[2];
    const survivors = world().replicas.slice(0, 2);
    await waitFor(async () => (await countBy('succeeded')) >= EXECUTIONS / 4, 60_000, 'a quarter of the executions to finish');
    const taken = await killWhileHolding(victim, world().db);
    world().replicas = survivors;
    const ids = await queued;
    expect(new Set(ids).size).toBe(EXECUTIONS);

    await waitFor(async () => (await countBy('succeeded')) === EXECUTIONS, 60_000 + LEASE_MS, `all ${EXECUTIONS} executions to succeed`);
    const rows = await world().db.selectFrom('executions').select(['id', 'status', 'claim_count', 'output_file_id']).where('id', 'in', ids).execute();
    expect(rows).toHaveLength(EXECUTIONS);
    expect(rows.filter((row) => row.status !== 'succeeded')).toEqual([]);
    // The victim's execution was claimed twice (by it, then after its lease by a survivor); every other once.
    expect(rows.filter((row) => row.claim_count !== 1).map((row) => ({ id: row.id, claims: row.claim_count }))).toEqual([{ id: taken, claims: 2 }]);
    expect(new Set(rows.map((row) => row.output_file_id)).size).toBe(EXECUTIONS);
  });

  /**
   * Queues run `index` on replica `index` over REST (`kadu_tasks_run` is
   * destructive: over MCP it asks for a confirmation first). A request cut
   * by the victim's death is retried on the next live replica with the same
   * Idempotency-Key, as a client would: still one execution.
   */
  async function runOnSomeReplica(index: number, args: { id: string; input_file_ids: string[] }): Promise<string> {
    const key = `load-run-${index}`;
    let failure: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      const target = replica(index + attempt);
      try {
        const answer = await rest(target, tokens().api, 'POST', `/tasks/${args.id}/runs`, { input_file_ids: args.input_file_ids }, key);
        if (answer.status === 202) return answer.body.id as string;
        throw new Error(`run ${index} on ${target.name}: ${answer.status} ${JSON.stringify(answer.body)}`);
      } catch (error) {
        // The connection dies a moment before the process's exit is seen.
        await delay(200);
        if (!target.exited) throw error;
        failure = error;
      }
    }
    throw failure;
  }

  async function countBy(status: string): Promise<number> {
    const row = await world()
      .db.selectFrom('executions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .innerJoin('organizations', 'organizations.id', 'executions.organization_id')
      .where('organizations.slug', '=', 'replicas')
      .where('executions.status', '=', status as never)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/** Polls `done` every 50 ms until it holds; fails after `timeoutMs` naming what it waited for. */
async function waitFor(done: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(50);
  }
}

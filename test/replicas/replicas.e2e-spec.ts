/**
 * The stateless promise, proven: three Kadu processes on one PostgreSQL and
 * one Redis, and each request of one client's conversation sent to a
 * different replica. Whatever one replica writes (idempotency keys, signing
 * secrets, uploads, the quota, rate-limit counters, confirmations and
 * approvals, the execution queue) the others see; one replica dies by
 * SIGKILL half-way through 200 executions and the others finish its work.
 */
import { sql } from 'kysely';
import { IdentityService } from '@kobana/identity';
import { hostMigrations as allMigrations } from '@kobana/platform';
import { KADU_MIGRATIONS as OWN_KADU_MIGRATIONS } from '../../src/database/migrations';
import { ClientTokens, rest, uploadCsv } from './replicas.client';
import { confirmationCases } from './replicas.confirmation.cases';
import { loadCases } from './replicas.load.cases';
import { callTool } from './replicas.mcp';
import { rateLimitCases } from './replicas.rate-limit.cases';
import { tasksCases } from './replicas.tasks.cases';
import type { Replica } from './replica.process';
import { ReplicaWorld, startReplicaWorld } from './replicas.support';
import { hostIdentityOptions } from '@kobana/platform';
import { KADU } from '../../src/kadu.host';
import { seedFinishedExecutions } from '../support/executions.seed';

/** Every migration the host runs, the libraries' included, in name order. */
const KADU_MIGRATIONS = allMigrations({ migrations: OWN_KADU_MIGRATIONS });

const KADU_IDENTITY_OPTIONS = hostIdentityOptions(KADU);

jest.setTimeout(300_000);

const CSV = 'date,description,amount\n2026-01-02,Tarifa bancaria,-12.50\n2026-01-03,PIX recebido,100.00\n';
const RULES = [
  { category: 'fees', match: 'tarifa' },
  { category: 'income', match: 'pix' },
];

// PostgreSQL and Redis come from Debian packages that npm test's first step (scripts/test-prerequisites.sh) checks for:
// without them this suite fails, it does not skip.
describe('three replicas on one PostgreSQL', () => {
  let world: ReplicaWorld;
  let tokens: ClientTokens;
  /** All three, the victim included once the load case drops it from `world.replicas`: its log explains a failure too. */
  let started: Replica[] = [];
  const replica = (index: number) => world.replicas[index % world.replicas.length];

  beforeAll(async () => {
    world = await startReplicaWorld();
    started = [...world.replicas];
    const identity = new IdentityService(world.db, KADU_IDENTITY_OPTIONS);
    await identity.ensureOrganization('replicas', { name: 'Replicas', plan: 'enterprise' });
    const email = 'owner@replicas.test';
    tokens = {
      api: (await identity.createToken({ organization: 'replicas', role: 'owner', email, audience: 'api' })).token,
      mcp: (await identity.createToken({ organization: 'replicas', role: 'owner', email })).token,
    };
  });
  afterAll(async () => {
    if (!world) return;
    const diagnostics = started.map((one) => `--- ${one.name}\n${one.log()}`).join('\n');
    await world.close();
    if (process.env.KADU_REPLICAS_LOG === '1') process.stdout.write(diagnostics);
  });

  it('the replicas, started together on an empty database, applied each migration once', async () => {
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(world.db);
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(KADU_MIGRATIONS));
  });

  it('an idempotent write retried on all three replicas (REST, MCP, REST, at once) has one effect', async () => {
    const input = { name: 'Statement', rules: RULES };
    const key = 'replicas-create-1';
    const [first, second, third] = await Promise.all([
      rest(replica(0), tokens.api, 'POST', '/tasks', input, key),
      callTool(replica(1), tokens.mcp, 'kadu_tasks_create', { ...input, idempotency_key: key }),
      rest(replica(2), tokens.api, 'POST', '/tasks', input, key),
    ]);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: expect.any(String), name: 'Statement', rules: RULES });
    expect(second).toEqual({ isError: false, body: first.body });
    expect(third).toEqual({ status: 201, body: first.body });
    const rows = await world.db.selectFrom('tasks').select('id').where('name', '=', 'Statement').execute();
    expect(rows).toEqual([{ id: first.body.id }]);
    // Another replica refuses the key with other arguments, as one replica would.
    const reused = await rest(replica(0), tokens.api, 'POST', '/tasks', { name: 'Other' }, key);
    expect(reused.status).toBe(409);
  });

  it('an upload created on one replica is written on a second and confirmed on a third', async () => {
    const id = await uploadCsv([replica(0), replica(1), replica(2)], tokens, 'jan.csv', CSV);
    const seen = await Promise.all(world.replicas.map((one) => rest(one, tokens.api, 'GET', `/files/${id}`)));
    for (const answer of seen) expect(answer).toMatchObject({ status: 200, body: { id, status: 'ready', size: Buffer.byteLength(CSV) } });
  });

  it('concurrent runs on three replicas never overshoot the monthly quota', async () => {
    const identity = new IdentityService(world.db, KADU_IDENTITY_OPTIONS);
    const org = await identity.ensureOrganization('quota', { name: 'Quota', plan: 'free' });
    const email = 'owner@quota.test';
    const quota: ClientTokens = {
      api: (await identity.createToken({ organization: org, role: 'owner', email, audience: 'api' })).token,
      mcp: (await identity.createToken({ organization: org, role: 'owner', email })).token,
    };
    const task = await rest(replica(0), quota.api, 'POST', '/tasks', { name: 'Quota', rules: RULES });
    const fileId = await uploadCsv([replica(1), replica(2), replica(0)], quota, 'q.csv', CSV);
    // The free plan allows 100 a month: 99 used already, then one run on each replica at once.
    await seedFinishedExecutions(world.db, org.id, task.body.id as string, fileId, 99);
    const answers = await Promise.all(
      Array.from({ length: 3 }, (_, index) => rest(replica(index), quota.api, 'POST', `/tasks/${task.body.id as string}/runs`, { input_file_ids: [fileId] })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([202, 402, 402]);
    const counted = await world.db
      .selectFrom('executions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(100);
    // The month's counter, which every replica's run adds to in its own transaction, counts exactly the one admitted.
    const usage = await world.db.selectFrom('usage_months').select('executions').where('organization_id', '=', org.id).executeTakeFirstOrThrow();
    expect(Number(usage.executions)).toBe(100);
  });

  rateLimitCases(() => world);
  confirmationCases(() => world);
  tasksCases(() => world);
  loadCases(
    () => world,
    () => tokens,
  );
});

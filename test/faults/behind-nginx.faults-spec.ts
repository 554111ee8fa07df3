/**
 * The ordinary faults of production, injected under a steady load into two
 * replicas of the built Kadu (NODE_ENV=production) on PostgreSQL and Redis,
 * behind nginx with the guide's configuration (`docs/deployment/nginx.conf`).
 * Each case prints its row of the summary; the table is written to
 * `<temp>/kadu-faults/behind-nginx.txt`. One case alone:
 * `npm run test:faults -- -t 'Redis killed'`.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { Client } from 'pg';
import { startNginx } from '../deployment/nginx.support';
import { Fault, FaultMeasure, FaultTarget, measureFault, postgresTables } from './faults.case';
import { expectSurvived, Watched } from './faults.expectations';
import { KNOWN_FAILING, runsCase } from './faults.known-failing';
import { delay, LoadCaller, prepareCaller } from './faults.load';
import { FaultRow, publishTable } from './faults.report';
import { freezePostgres } from '../support/postgres-freeze';
import { APP_ROLE, FaultWorld, KADU_DIST_MAIN, MAX_CONNECTIONS, query, startFaultWorld, stopReplica } from './faults.world';
import { startReplica } from '../replicas/replica.process';

jest.setTimeout(180_000);

/** How long each outage lasts. */
const POSTGRES_DOWN_MS = 5000;
const POSTGRES_FROZEN_MS = 4000;
const CONNECTIONS_HELD_MS = 4000;
const PERMISSION_REVOKED_MS = 3000;
const REDIS_DOWN_MS = 5000;
const REPLICA_DOWN_MS = 2000;
/** Busy loops beside the rolling restart, each ended after this at the latest. */
const CPU_HOGS = 3;
const CPU_HOG_MAX_S = 90;
/** How long a restarted replica may take to be ready again. */
const READY_AGAIN_MS = 60_000;

describe('faults: two replicas of the build on PostgreSQL and Redis, behind nginx', () => {
  let world: FaultWorld;
  const rows: FaultRow[] = [];
  const target: FaultTarget = {
    baseUrl: () => world.nginx.url,
    replicas: () => world.replicas,
    get tables() {
      return postgresTables(world.adminUrl);
    },
  };

  beforeAll(async () => {
    world = await startFaultWorld();
  });

  afterAll(async () => {
    publishTable('behind-nginx', rows);
    if (process.env.KADU_FAULTS_LOG === '1') {
      process.stdout.write([...world.replicas.map((replica) => `--- ${replica.name}\n${replica.log()}`), `--- nginx\n${world.nginx.errorLog()}`].join('\n'));
    }
    await world?.close();
  });

  /** The processes a case must leave running. */
  const processes = (): Watched[] => [...world.replicas, { name: 'nginx', exited: world.nginx.exited }];

  /** Declares one case: its own caller, the fault under load, its row, the assertions. */
  function faultCase(fault: Fault, extra?: (measure: FaultMeasure) => void, to: () => FaultTarget = () => target): void {
    const declare = runsCase(fault.name) ? it : it.skip;
    const title = KNOWN_FAILING[fault.name] ? `${fault.name} (known failing: ${KNOWN_FAILING[fault.name]})` : fault.name;
    declare(title, async () => {
      const revived = await world.revive();
      if (revived.length > 0) process.stdout.write(`${fault.name}: started again first: ${revived.join(', ')}\n`);
      const caller: LoadCaller = await prepareCaller(world.adminUrl, to().baseUrl(), `f${rows.length}-${Date.now().toString(36)}`);
      const measure = await measureFault(to(), caller, fault);
      rows.push(measure.row);
      process.stdout.write(`${fault.name}: ${JSON.stringify(measure.row)}\n`);
      expectSurvived(measure, fault, processes());
      extra?.(measure);
    });
  }

  faultCase({ name: 'PostgreSQL fast restart', readinessDown: false, inject: async () => world.cluster.restart() });

  faultCase({
    name: 'PostgreSQL stopped 5 s',
    readinessDown: true,
    inject: async () => {
      world.cluster.halt();
      try {
        await delay(POSTGRES_DOWN_MS);
      } finally {
        world.cluster.start();
      }
    },
  });

  faultCase({
    name: 'PostgreSQL frozen 4 s',
    readinessDown: true,
    inject: async () => {
      const frozen = freezePostgres(world.cluster);
      try {
        await delay(POSTGRES_FROZEN_MS);
      } finally {
        frozen.thaw();
      }
    },
  });

  faultCase({
    name: 'PostgreSQL connections exhausted',
    readinessDown: false,
    inject: async () => {
      // As the replicas' role: every slot but the superuser's reserved ones.
      const held: Client[] = [];
      try {
        for (let n = 0; n < MAX_CONNECTIONS; n++) {
          const client = new Client({ connectionString: world.env.DATABASE_URL, connectionTimeoutMillis: 5000 });
          client.on('error', () => undefined);
          try {
            await client.connect();
          } catch {
            break;
          }
          held.push(client);
        }
        await delay(CONNECTIONS_HELD_MS);
      } finally {
        await Promise.all(held.map((client) => client.end().catch(() => undefined)));
      }
    },
  });

  faultCase({
    name: 'worker query failing (UPDATE on executions revoked 3 s)',
    readinessDown: false,
    inject: async () => {
      // The claim and every step of a run update executions; queuing a run only inserts.
      await query(world.adminUrl, `revoke update on executions from ${APP_ROLE}`);
      try {
        await delay(PERMISSION_REVOKED_MS);
      } finally {
        await query(world.adminUrl, `grant update on executions to ${APP_ROLE}`);
      }
    },
  });

  faultCase({
    name: 'Redis killed 5 s',
    readinessDown: true,
    inject: async () => {
      await world.redis.kill();
      try {
        await delay(REDIS_DOWN_MS);
      } finally {
        await world.redis.start();
      }
    },
  });

  faultCase(
    {
      name: 'replica SIGKILLed and restarted',
      readinessDown: false,
      inject: async () => {
        await world.replicas[0].kill('SIGKILL');
        await delay(REPLICA_DOWN_MS);
        await world.restart(0);
      },
    },
    // nginx sends what the dead replica had to the other one: it costs the clients nothing.
    (measure) => expect(measure.row.unavailable).toBe(0),
  );

  describe('rolling restart of three replicas beside busy loops', () => {
    let nginx3: Awaited<ReturnType<typeof startNginx>>;
    let errorLogBefore = 0;
    const name = 'rolling restart, three replicas, CPU busy';
    const threeTarget: FaultTarget = {
      baseUrl: () => nginx3.url,
      replicas: () => world.replicas,
      get tables() {
        return postgresTables(world.adminUrl);
      },
    };

    beforeAll(async () => {
      if (!runsCase(name)) return;
      world.replicas.push(await startReplica('r2', world.env, undefined, KADU_DIST_MAIN));
      nginx3 = await startNginx(world.replicas.map((replica) => new URL(replica.baseUrl).host));
    });

    afterAll(async () => {
      await nginx3?.stop();
      if (world.replicas.length > 2) await stopReplica(world.replicas.pop()!);
    });

    faultCase(
      {
        name,
        readinessDown: false,
        inject: async () => {
          errorLogBefore = nginx3.errorLog().length;
          // Each loop ends itself after CPU_HOG_MAX_S, should the case never get to kill it.
          const loop = `const end = Date.now() + ${CPU_HOG_MAX_S * 1000}; while (Date.now() < end) {}`;
          const hogs: ChildProcess[] = Array.from({ length: CPU_HOGS }, () => spawn(process.execPath, ['-e', loop], { stdio: 'ignore' }));
          try {
            for (let index = 0; index < world.replicas.length; index++) {
              const victim = world.replicas[index];
              await victim.kill('SIGTERM');
              if (victim.exitCode !== 0) throw new Error(`${victim.name} exited ${victim.exitCode} after SIGTERM:\n${victim.log().slice(-2000)}`);
              const restarted = await world.restart(index);
              await untilReady(restarted.baseUrl);
            }
          } finally {
            for (const hog of hogs) hog.kill('SIGKILL');
          }
        },
      },
      () => {
        // A connection closed under a request, or every replica left out: what clients saw as 502.
        const log = nginx3.errorLog().slice(errorLogBefore);
        expect(log.split('\n').filter((line) => /prematurely closed|no live upstreams|reset by peer/.test(line))).toEqual([]);
      },
      () => threeTarget,
    );
  });
});

/** Polls `/readyz` until 200. @throws Error after {@link READY_AGAIN_MS}. */
async function untilReady(baseUrl: string): Promise<void> {
  const deadline = Date.now() + READY_AGAIN_MS;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) })).status === 200) return;
    } catch {
      // Not yet.
    }
    await delay(200);
  }
  throw new Error(`${baseUrl} not ready within ${READY_AGAIN_MS} ms`);
}

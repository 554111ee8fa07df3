import { Kysely, sql, Transaction } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { McpCaller } from '@kobana/mcp';
import { openLibraryTestDatabase } from '../../../test/support/library-test.database';
import { createIdempotencyKeys } from './idempotency.migration';
import { IDEMPOTENCY_WINDOW_MS, IdempotencyService } from './idempotency.service';
import { IdempotencyKeysTable } from './idempotency.table';

/** A host's database as far as these specs go: organizations, the keys, and a table effects write to. */
interface HostDatabase {
  organizations: { id: string };
  idempotency_keys: IdempotencyKeysTable;
  effects: { id: string; organization_id: string; name: string };
}

/** Two organizations, the service on their database, and callers of either. */
interface UnitWorld {
  db: Kysely<HostDatabase>;
  idempotency: IdempotencyService<HostDatabase>;
  orgA: string;
  orgB: string;
  caller(organizationId: string): McpCaller;
}

async function openUnitWorld(): Promise<UnitWorld> {
  const db = await openLibraryTestDatabase<HostDatabase>({
    hostTables: { effects: true },
    migrations: { '0100_create_idempotency_keys': createIdempotencyKeys },
    organizations: ['org-a', 'org-b'],
  });
  return {
    db,
    idempotency: new IdempotencyService(db),
    orgA: 'org-a',
    orgB: 'org-b',
    caller: (organizationId) => ({
      subject: `owner-${organizationId}`,
      organization_id: organizationId,
      client_id: 'test-client',
      scopes: [],
      roles: ['owner'],
    }),
  };
}

/**
 * `db` as a replica sees it when another replica commits the same key between
 * this replica's read and its insert: the first read of `idempotency_keys`
 * inside a transaction finds nothing, whatever is there. SQLite serializes
 * writers, so without this the race the retry exists for never happens there.
 * Methods are bound to the real objects: Kysely keeps its state in private fields.
 */
function withStaleFirstRead(db: Kysely<HostDatabase>): { db: Kysely<HostDatabase>; staleReads(): number } {
  let staleReads = 0;
  const stale = (trx: Transaction<HostDatabase>) =>
    new Proxy(trx, {
      get(target, property) {
        if (property === 'selectFrom') {
          return (table: 'idempotency_keys') => {
            const query = target.selectFrom(table);
            if (table !== 'idempotency_keys' || staleReads > 0) return query;
            staleReads++;
            return query.where(sql<boolean>`1 = 0`);
          };
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const proxied = new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return () => {
          const builder = target.transaction();
          return { execute: <T>(fn: (trx: Transaction<HostDatabase>) => Promise<T>) => builder.execute((trx) => fn(stale(trx))) };
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxied, staleReads: () => staleReads };
}

describe('IdempotencyService', () => {
  let world: UnitWorld;
  beforeEach(async () => (world = await openUnitWorld()));
  afterEach(() => world.db.destroy());

  /** An effect that inserts a row, so effects can be counted in the database. */
  const effect = (organizationId: string, name: string) => async (trx: UnitWorld['db']) => {
    const id = randomUUID();
    await trx.insertInto('effects').values({ id, organization_id: organizationId, name }).execute();
    return { id, name };
  };
  const count = async () =>
    Number(
      (
        await world.db
          .selectFrom('effects')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('without a key, runs every time', async () => {
    const caller = world.caller(world.orgA);
    await world.idempotency.run(caller, 'op', { name: 'x' } as never, effect(world.orgA, 'x'));
    await world.idempotency.run(caller, 'op', { name: 'x' } as never, effect(world.orgA, 'x'));
    expect(await count()).toBe(2);
  });

  it('a null key, which the DTO lets through as absent, is no key: runs every time, stores nothing', async () => {
    const caller = world.caller(world.orgA);
    const dto = { name: 'x', idempotency_key: null } as never;
    await world.idempotency.run(caller, 'op', dto, effect(world.orgA, 'x'));
    await world.idempotency.run(caller, 'op', dto, effect(world.orgA, 'x'));
    expect(await count()).toBe(2);
    expect(await world.idempotency.replays(caller, 'op', dto)).toBe(false);
  });

  it('same key and arguments: the first response, no second effect', async () => {
    const caller = world.caller(world.orgA);
    const dto = { name: 'x', idempotency_key: 'k1' };
    const first = await world.idempotency.run(caller, 'op', dto, effect(world.orgA, 'x'));
    const again = await world.idempotency.run(caller, 'op', { idempotency_key: 'k1', name: 'x' }, effect(world.orgA, 'x'));
    expect(again).toEqual(first);
    expect(await count()).toBe(1);
  });

  it.each([
    ['other arguments', 'op', { name: 'y', idempotency_key: 'k1' }],
    ['another operation', 'other_op', { name: 'x', idempotency_key: 'k1' }],
  ])('same key with %s: 409 and nothing done', async (_label, operation, dto) => {
    const caller = world.caller(world.orgA);
    await world.idempotency.run(caller, 'op', { name: 'x', idempotency_key: 'k1' }, effect(world.orgA, 'x'));
    await expect(world.idempotency.run(caller, operation, dto, effect(world.orgA, 'y'))).rejects.toMatchObject({
      status: 409,
      response: { statusCode: 409, error: 'Conflict', message: 'idempotency_key was already used with other arguments' },
    });
    expect(await count()).toBe(1);
  });

  it('concurrent duplicates produce exactly one effect and the same response', async () => {
    const caller = world.caller(world.orgA);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => world.idempotency.run(caller, 'op', { name: 'x', idempotency_key: 'race' }, effect(world.orgA, 'x'))),
    );
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(await count()).toBe(1);
  });

  it('a key committed by another replica between the read and the insert: the unique violation is retried, on SQLite too', async () => {
    const caller = world.caller(world.orgA);
    const dto = { name: 'x', idempotency_key: 'late' };
    const first = await world.idempotency.run(caller, 'op', dto, effect(world.orgA, 'x'));
    const replica = withStaleFirstRead(world.db);
    const again = await new IdempotencyService(replica.db).run(caller, 'op', { ...dto }, effect(world.orgA, 'x'));
    expect(replica.staleReads()).toBe(1);
    expect(again).toEqual(first);
    expect(await count()).toBe(1);
  });

  it('replays() is true only when run() would answer the stored response', async () => {
    const caller = world.caller(world.orgA);
    const dto = { name: 'x', idempotency_key: 'k-replay' };
    expect(await world.idempotency.replays(caller, 'op', dto)).toBe(false);
    await world.idempotency.run(caller, 'op', dto, effect(world.orgA, 'x'));
    expect(await world.idempotency.replays(caller, 'op', { idempotency_key: 'k-replay', name: 'x' })).toBe(true);
    // Other arguments or operation (a 409 for run), no key, another organization: not a replay.
    expect(await world.idempotency.replays(caller, 'op', { ...dto, name: 'y' })).toBe(false);
    expect(await world.idempotency.replays(caller, 'other', dto)).toBe(false);
    expect(await world.idempotency.replays(caller, 'op', { name: 'x' } as never)).toBe(false);
    expect(await world.idempotency.replays(world.caller(world.orgB), 'op', dto)).toBe(false);
  });

  it('keys are per organization', async () => {
    await world.idempotency.run(world.caller(world.orgA), 'op', { name: 'x', idempotency_key: 'k' }, effect(world.orgA, 'x'));
    await world.idempotency.run(world.caller(world.orgB), 'op', { name: 'y', idempotency_key: 'k' }, effect(world.orgB, 'y'));
    expect(await count()).toBe(2);
  });

  it('a failed effect stores nothing, so a retry runs', async () => {
    const caller = world.caller(world.orgA);
    const dto = { name: 'x', idempotency_key: 'k' };
    await expect(world.idempotency.run(caller, 'op', dto, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await world.idempotency.run(caller, 'op', dto, effect(world.orgA, 'x'));
    expect(await count()).toBe(1);
  });

  it('keeps the declared fields sealed at rest and opens them on replay', async () => {
    const caller = world.caller(world.orgA);
    const sealer = {
      seal: (text: string) => `sealed:${Buffer.from(text).toString('hex')}`,
      open: (text: string) => Buffer.from(text.slice(7), 'hex').toString(),
    };
    const options = { sealed: { fields: ['secret'], sealer } };
    const dto = { name: 'x', idempotency_key: 'k' };
    const withSecret = (trx: UnitWorld['db']) => effect(world.orgA, 'x')(trx).then((row) => ({ ...row, secret: 'whsec_plain' }));
    const first = await world.idempotency.run(caller, 'op', dto, withSecret, options);
    expect(first).toEqual({ id: expect.any(String), name: 'x', secret: 'whsec_plain' });
    const stored = await world.db.selectFrom('idempotency_keys').select('response').executeTakeFirstOrThrow();
    expect(stored.response).not.toContain('whsec_plain');
    expect(JSON.parse(stored.response)).toEqual({ id: first.id, name: 'x', secret: { $sealed: sealer.seal('whsec_plain') } });
    expect(await world.idempotency.run(caller, 'op', dto, withSecret, options)).toEqual(first);
    expect(await count()).toBe(1);
  });

  it('a key older than 24 h is forgotten', async () => {
    const caller = world.caller(world.orgA);
    await world.idempotency.run(caller, 'op', { name: 'x', idempotency_key: 'k' }, effect(world.orgA, 'x'));
    const old = new Date(Date.now() - IDEMPOTENCY_WINDOW_MS - 1000).toISOString();
    await world.db.updateTable('idempotency_keys').set({ created_at: old }).execute();
    await world.idempotency.run(caller, 'op', { name: 'y', idempotency_key: 'k' }, effect(world.orgA, 'y'));
    expect(await count()).toBe(2);
  });
});

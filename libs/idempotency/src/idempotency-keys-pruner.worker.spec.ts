import { Kysely } from 'kysely';
import { narrowDatabase } from '@kobana/database';
import { openLibraryTestDatabase } from '../../../test/support/library-test.database';
import { IdempotencyKeysPruner } from './idempotency-keys-pruner.worker';
import { createIdempotencyKeys } from './idempotency.migration';
import { DEFAULT_IDEMPOTENCY_SETTINGS } from './idempotency.options';
import { IDEMPOTENCY_WINDOW_MS } from './idempotency.service';
import { IdempotencyDatabase, IdempotencyKeysTable } from './idempotency.table';

interface HostDatabase {
  organizations: { id: string };
  idempotency_keys: IdempotencyKeysTable;
}

describe('IdempotencyKeysPruner', () => {
  let db: Kysely<HostDatabase>;
  beforeEach(async () => {
    db = await openLibraryTestDatabase<HostDatabase>({
      hostTables: {},
      migrations: { '0100_create_idempotency_keys': createIdempotencyKeys },
      organizations: ['org-a', 'org-b'],
    });
  });
  afterEach(() => db.destroy());

  const now = new Date('2026-06-01T12:00:00.000Z');
  const at = (ageMs: number) => new Date(now.getTime() - ageMs).toISOString();
  const key = (organization_id: string, key: string, created_at: string) => ({
    organization_id,
    key,
    operation: 'op',
    request_digest: 'd',
    response: 'null',
    created_at,
  });

  it('deletes every key past the replay window, in both organizations and more batches than one, and keeps the rest', async () => {
    // 1,203 expired keys: two full batches of 500 and a last one, across two organizations.
    const expired = Array.from({ length: 1203 }, (_, i) => key(i % 2 ? 'org-a' : 'org-b', `old-${i}`, at(IDEMPOTENCY_WINDOW_MS + 1000 + i)));
    for (let i = 0; i < expired.length; i += 200)
      await db
        .insertInto('idempotency_keys')
        .values(expired.slice(i, i + 200))
        .execute();
    // The same key name in the other organization, still within the window: the key is the pair, not the name.
    await db
      .insertInto('idempotency_keys')
      .values([key('org-a', 'recent', at(1000)), key('org-b', 'old-1', at(IDEMPOTENCY_WINDOW_MS - 1000))])
      .execute();

    const pruner = new IdempotencyKeysPruner(narrowDatabase<IdempotencyDatabase, HostDatabase>(db), DEFAULT_IDEMPOTENCY_SETTINGS);
    await expect(pruner.prune(now)).resolves.toBe(1203);

    const left = await db.selectFrom('idempotency_keys').select(['organization_id', 'key']).orderBy('organization_id').execute();
    expect(left).toEqual([
      { organization_id: 'org-a', key: 'recent' },
      { organization_id: 'org-b', key: 'old-1' },
    ]);
    await expect(pruner.prune(now)).resolves.toBe(0);
  });
});

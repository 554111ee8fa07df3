/**
 * Rate limits counted across the replicas (docs/protocol.md §6): one caller's MCP
 * writes, rotating over the three replicas, share one budget in Redis. The
 * call past the budget is refused with the exact 429 wherever it lands, and
 * only the budgeted calls took effect.
 */
import { rateLimitKey } from '@kobana/mcp/testing';
import { mintCaller } from './replicas.callers';
import { McpAnswer, toolCall } from './replicas.mcp';
import { ReplicaWorld, WRITE_LIMIT } from './replicas.support';

const RULES = [{ category: 'fees', match: 'tarifa' }];
/** Calls past the budget: one lands on each replica. */
const OVER = 3;
/** KaduRateLimitStore's prefix and the module's throttler name, around the module's bucket key. */
const redisKeyOf = (bucket: string) => `kadu:${bucket}:mcp:windows`;

/** Declares the case; `world` is read when it runs (the spec's `beforeAll` builds it). */
export function rateLimitCases(world: () => ReplicaWorld): void {
  it(`MCP writes rotating over three replicas share one budget: call ${WRITE_LIMIT + 1} is refused (429) wherever it lands`, async () => {
    const { db, redis, replicas } = world();
    const limited = await mintCaller(db, 'limits');
    const answers: Array<{ replica: string; answer: McpAnswer }> = [];
    for (let index = 0; index < WRITE_LIMIT + OVER; index++) {
      const replica = replicas[index % replicas.length];
      const answer = await toolCall(replica, limited.mcp, '2025', 'kadu_tasks_create', { name: `Limited ${index}`, rules: RULES }, { id: `w-${index}` });
      answers.push({ replica: replica.name, answer });
    }

    const admitted = answers.slice(0, WRITE_LIMIT);
    expect(admitted.map(({ answer }) => [answer.status, answer.body.result?.structuredContent?.name])).toEqual(
      Array.from({ length: WRITE_LIMIT }, (_, index) => [200, `Limited ${index}`]),
    );
    const refused = answers.slice(WRITE_LIMIT);
    expect(refused.map(({ replica }) => replica)).toEqual(['a', 'b', 'c']);
    for (const [offset, { answer }] of refused.entries()) {
      const seconds = Number(answer.headers.get('retry-after'));
      // The window opened with the first call a few seconds ago: what is left of the minute, in whole seconds.
      expect(seconds).toBeGreaterThanOrEqual(45);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(answer.status).toBe(429);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toEqual({
        jsonrpc: '2.0',
        id: `w-${WRITE_LIMIT + offset}`,
        error: { code: -32029, message: 'Rate limit exceeded', data: { retry_after_seconds: seconds } },
      });
    }

    const created = await db.selectFrom('tasks').select('name').where('organization_id', '=', limited.organizationId).orderBy('name').execute();
    expect(created).toHaveLength(WRITE_LIMIT);
    // The admitted calls were counted (refusals are not), in the one key all replicas share: its sub-windows add up to the budget.
    const windows = await redis.client.hvals(redisKeyOf(rateLimitKey(limited.caller, 'write')));
    expect(windows.reduce((sum, value) => sum + Number(value.split(':')[0]), 0)).toBe(WRITE_LIMIT);
    expect(await redis.client.pttl(redisKeyOf(rateLimitKey(limited.caller, 'write')))).toBeGreaterThan(0);
  });
}

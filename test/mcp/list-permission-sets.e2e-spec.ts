/**
 * `tools/list` is prepared once per permission set: callers whose tokens
 * differ only in what no tool asks for see the same list under the same key,
 * so the dispatcher serializes it once for all of them.
 */
import { INestApplication } from '@nestjs/common';
import { McpToolRegistry } from '@kobana/mcp';
import type { McpCaller } from '@kobana/mcp';
import { createFixtureApp } from './support/fixture.app';

describe('tools/list per permission set', () => {
  let app: INestApplication;
  let registry: McpToolRegistry;
  const caller = (scopes: string[], roles: string[]): McpCaller => ({ subject: 'u', organization_id: 'o', client_id: 'c', scopes, roles });

  beforeAll(async () => {
    app = await createFixtureApp();
    registry = app.get(McpToolRegistry);
  });
  afterAll(() => app.close());

  it('one key and one list for callers that may use the same tools, whatever else their tokens carry', () => {
    const reader = caller(['fixture:read'], ['viewer']);
    const alsoReader = caller(['openid', 'fixture:read', 'profile'], ['viewer', 'unknown-role']);
    expect(registry.visibilityKey(alsoReader)).toBe(registry.visibilityKey(reader));
    expect(registry.visibleTo(alsoReader)).toBe(registry.visibleTo(reader));
  });

  it('another key for a caller that sees other tools, and the key follows the order of the scopes and roles nowhere', () => {
    const reader = caller(['fixture:read'], ['viewer']);
    const writer = caller(['fixture:write', 'fixture:read'], ['operator']);
    expect(registry.visibleTo(writer).length).toBeGreaterThan(registry.visibleTo(reader).length);
    expect(registry.visibilityKey(writer)).not.toBe(registry.visibilityKey(reader));
    expect(registry.visibilityKey(caller(['fixture:read', 'fixture:write'], ['operator']))).toBe(registry.visibilityKey(writer));
  });
});

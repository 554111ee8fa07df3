import type { McpCaller } from '@kobana/mcp';
import { assertRole } from './roles.policy';

describe('assertRole', () => {
  const caller = (roles: string[]): McpCaller => ({ subject: 'u', organization_id: 'o', client_id: 'c', scopes: [], roles });

  it('lets a caller with one of the roles through', () => {
    expect(() => assertRole(caller(['viewer', 'admin']), ['owner', 'admin'], 'change webhooks')).not.toThrow();
  });

  it('refuses any other caller with 403 and the action in words', () => {
    for (const roles of [['viewer'], []]) {
      let thrown: unknown;
      try {
        assertRole(caller(roles), ['owner', 'admin'], 'change webhooks');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({
        status: 403,
        response: { statusCode: 403, error: 'Forbidden', message: 'Your role may not change webhooks' },
      });
    }
  });
});

import { McpToolDefinition } from '../interfaces/mcp-tool-definition.interface';
import { McpToolOptions } from '../interfaces/mcp-tool-options.interface';
import { rateLimitClassOf } from './mcp-rate-limit-class.policy';
import { rateLimitKey } from './mcp-rate-limit-key.util';

const tool = (options: Partial<McpToolOptions>) => ({ options: { name: 't', description: 'd', ...options } }) as McpToolDefinition;

describe('rateLimitClassOf', () => {
  it.each([
    ['read-only', { annotations: { readOnlyHint: true } }, 'read'],
    ['read-only and not idempotent', { annotations: { readOnlyHint: true, idempotentHint: false } }, 'read'],
    ['explicitly not idempotent', { annotations: { destructiveHint: true, idempotentHint: false } }, 'run'],
    ['destructive, idempotency not declared', { annotations: { destructiveHint: true } }, 'write'],
    ['no annotations', {}, 'write'],
    ['declared class wins', { annotations: { readOnlyHint: true }, rateLimitClass: 'run' as const }, 'run'],
  ])('a %s tool is a %s… call', (_label, options, expected) => {
    expect(rateLimitClassOf('tools/call', tool(options))).toBe(expected);
  });

  it('counts every other method, and unknown tools, as reads', () => {
    expect(rateLimitClassOf('tools/list', undefined)).toBe('read');
    expect(rateLimitClassOf('tools/call', undefined)).toBe('read');
    expect(rateLimitClassOf('resources/read', tool({ rateLimitClass: 'run' }))).toBe('read');
  });
});

describe('rateLimitKey', () => {
  const caller = { organization_id: 'o', subject: 's', client_id: 'c', scopes: ['x'], roles: ['y'] };

  it('depends on organization, subject and client only', () => {
    expect(rateLimitKey(caller, 'write')).toBe(rateLimitKey({ ...caller, scopes: [], roles: [], client_name: 'other' }, 'write'));
    expect(rateLimitKey(caller, 'write')).toMatch(/^mcp:rl:write:[0-9a-f]{64}$/);
    for (const other of [{ organization_id: 'o2' }, { subject: 's2' }, { client_id: 'c2' }]) {
      expect(rateLimitKey({ ...caller, ...other }, 'write')).not.toBe(rateLimitKey(caller, 'write'));
    }
  });

  it('cannot be confused by separators inside ids', () => {
    expect(rateLimitKey({ ...caller, organization_id: 'a:b', subject: 'c' }, 'read')).not.toBe(
      rateLimitKey({ ...caller, organization_id: 'a', subject: 'b:c' }, 'read'),
    );
  });
});

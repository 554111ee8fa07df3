import { ExecutionContext } from '@nestjs/common';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpAuthGuard } from './mcp-auth.guard';
import { McpBearerStrategy } from './mcp-bearer.strategy';

/** A caller per token, answered after `delayMs[token]`: later requests can finish first. */
function slowVerifier(delayMs: Record<string, number>) {
  return {
    verify: (token: string) =>
      new Promise<McpCaller>((resolve) =>
        setTimeout(() => resolve({ subject: `user-${token}`, organization_id: 'org', client_id: 'c', client_name: 'C', scopes: [], roles: [] }), delayMs[token]),
      ),
  };
}

function httpContext(token: string): { context: ExecutionContext; request: { headers: Record<string, string>; user?: McpCaller } } {
  const request: { headers: Record<string, string>; user?: McpCaller } = { headers: { authorization: `Bearer ${token}` } };
  const response = { setHeader: () => undefined, end: () => undefined };
  const context = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }) } as unknown as ExecutionContext;
  return { context, request };
}

describe('McpAuthGuard', () => {
  it('answers every one of concurrent requests with its own caller, whichever token check finishes first', async () => {
    const tokens = ['a', 'b', 'c', 'd'];
    const strategy = new McpBearerStrategy({ verifier: slowVerifier({ a: 40, b: 30, c: 20, d: 10 }) } as unknown as McpResolvedOptions);
    const guard = new McpAuthGuard(strategy);
    const calls = tokens.map((token) => httpContext(token));
    const bounded = new Promise((_, reject) => setTimeout(() => reject(new Error('a request was never answered')), 2000).unref());
    await expect(Promise.race([Promise.all(calls.map(({ context }) => guard.canActivate(context))), bounded])).resolves.toEqual([true, true, true, true]);
    expect(calls.map(({ request }) => request.user?.subject)).toEqual(['user-a', 'user-b', 'user-c', 'user-d']);
  });
});

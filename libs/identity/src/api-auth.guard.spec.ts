import { ExecutionContext } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { ApiAuthGuard } from './api-auth.guard';
import { ApiBearerStrategy } from './api-bearer.strategy';
import { IdentityService } from './identity.service';

/** Answers each token's caller after `delayMs[token]`, so later requests can finish first. */
function slowIdentity(delayMs: Record<string, number>): IdentityService {
  const verify = (token: string) =>
    new Promise<McpCaller>((resolve) =>
      setTimeout(() => resolve({ subject: `user-${token}`, organization_id: 'org', client_id: 'c', client_name: 'C', scopes: [], roles: [] }), delayMs[token]),
    );
  return { verify } as unknown as IdentityService;
}

function httpContext(token: string): {
  context: ExecutionContext;
  request: { headers: Record<string, string>; query: object; body: object; user?: McpCaller };
} {
  const request: { headers: Record<string, string>; query: object; body: object; user?: McpCaller } = {
    headers: { authorization: `Bearer ${token}` },
    query: {},
    body: {},
  };
  const response = { setHeader: () => undefined, end: () => undefined };
  const context = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }) } as unknown as ExecutionContext;
  return { context, request };
}

describe('ApiAuthGuard', () => {
  it('answers every one of concurrent requests with its own caller, whichever token check finishes first', async () => {
    const guard = new ApiAuthGuard(new ApiBearerStrategy(slowIdentity({ a: 40, b: 30, c: 20, d: 10 }), { apiRealm: 'test-api' }));
    const calls = ['a', 'b', 'c', 'd'].map((token) => httpContext(token));
    const bounded = new Promise((_, reject) => setTimeout(() => reject(new Error('a request was never answered')), 2000).unref());
    await expect(Promise.race([Promise.all(calls.map(({ context }) => guard.canActivate(context))), bounded])).resolves.toEqual([true, true, true, true]);
    expect(calls.map(({ request }) => request.user?.subject)).toEqual(['user-a', 'user-b', 'user-c', 'user-d']);
  });

  it('challenges in the host’s realm', async () => {
    const guard = new ApiAuthGuard(new ApiBearerStrategy(slowIdentity({}), { apiRealm: 'billing-api' }));
    const headers: Record<string, string> = {};
    const request = { headers: {}, query: {}, body: {} };
    const response = { setHeader: (name: string, value: string) => (headers[name] = value), end: () => undefined };
    const context = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }) } as unknown as ExecutionContext;
    await expect(guard.canActivate(context)).rejects.toMatchObject({ status: 401, response: { error: 'invalid_token' } });
    expect(headers['WWW-Authenticate']).toBe('Bearer realm="billing-api"');
  });
});

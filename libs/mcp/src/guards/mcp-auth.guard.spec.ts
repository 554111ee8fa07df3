import { ExecutionContext } from '@nestjs/common';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpTokenVerifier } from '../interfaces/mcp-token-verifier.interface';
import { McpAuthGuard } from './mcp-auth.guard';
import { McpBearerStrategy } from '../auth/mcp-bearer.strategy';
import { McpAuthException } from '../errors/mcp-auth-challenge.error';

/** A caller per token, answered after `delayMs[token]`: later requests can finish first. */
function slowVerifier(delayMs: Record<string, number>) {
  return {
    verify: (token: string) =>
      new Promise<McpCaller>((resolve) =>
        setTimeout(
          () => resolve({ subject: `user-${token}`, organization_id: 'org', client_id: 'c', client_name: 'C', scopes: [], roles: [] }),
          delayMs[token],
        ),
      ),
  };
}

type FakeRequest = { headers: Record<string, string>; query?: unknown; body?: unknown; user?: McpCaller };

function contextOf(request: FakeRequest): ExecutionContext {
  return { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
}

function httpContext(token: string): { context: ExecutionContext; request: FakeRequest } {
  const request: FakeRequest = { headers: { authorization: `Bearer ${token}` } };
  return { context: contextOf(request), request };
}

function guardFor(tokens: Record<string, string>): McpAuthGuard {
  const verifier = {
    verify: async (token: string): Promise<McpCaller | undefined> =>
      tokens[token] ? { subject: tokens[token], organization_id: 'org', client_id: 'c', client_name: 'C', scopes: [], roles: [] } : undefined,
  };
  return new McpAuthGuard(new McpBearerStrategy(verifier as unknown as McpTokenVerifier));
}

/** The 401 the guard threw, as the filter will see it (or `undefined` when it let the request in). */
async function refusal(guard: McpAuthGuard, request: FakeRequest): Promise<McpAuthException | undefined> {
  try {
    await guard.canActivate(contextOf(request));
    return undefined;
  } catch (error) {
    if (error instanceof McpAuthException) return error;
    throw error;
  }
}

describe('McpAuthGuard', () => {
  it('answers every one of concurrent requests with its own caller, whichever token check finishes first', async () => {
    const tokens = ['a', 'b', 'c', 'd'];
    const strategy = new McpBearerStrategy(slowVerifier({ a: 40, b: 30, c: 20, d: 10 }) as unknown as McpTokenVerifier);
    const guard = new McpAuthGuard(strategy);
    const calls = tokens.map((token) => httpContext(token));
    const bounded = new Promise((_, reject) => setTimeout(() => reject(new Error('a request was never answered')), 2000).unref());
    await expect(Promise.race([Promise.all(calls.map(({ context }) => guard.canActivate(context))), bounded])).resolves.toEqual([true, true, true, true]);
    expect(calls.map(({ request }) => request.user?.subject)).toEqual(['user-a', 'user-b', 'user-c', 'user-d']);
  });

  it('lets a valid bearer token in with its caller', async () => {
    const request: FakeRequest = { headers: { authorization: 'bearer good' } };
    await expect(refusal(guardFor({ good: 'alice' }), request)).resolves.toBeUndefined();
    expect(request.user?.subject).toBe('alice');
  });

  it.each([
    ['no Authorization header', {}, 'missing'],
    ['an unknown token', { authorization: 'Bearer nope' }, 'invalid'],
    ['a header of three parts', { authorization: 'Bearer good extra' }, 'invalid'],
    ['another scheme', { authorization: 'Basic Z29vZDo=' }, 'invalid'],
  ])('answers 401 for %s', async (_case, headers: Record<string, string>, kind) => {
    const request: FakeRequest = { headers };
    const error = await refusal(guardFor({ good: 'alice' }), request);
    expect(error?.status).toBe(401);
    expect(error?.challenge).toEqual(kind === 'invalid' ? { error: 'invalid_token' } : {});
    expect(request.user).toBeUndefined();
  });

  it.each([
    ['the query string', { query: { access_token: 'good' } }],
    ['a body a host parsed before the module', { body: { jsonrpc: '2.0', id: 1, method: 'ping', access_token: 'good' } }],
  ])('refuses a valid token sent in %s', async (_case, where) => {
    const request: FakeRequest = { headers: {}, ...where };
    const error = await refusal(guardFor({ good: 'alice' }), request);
    expect(error?.status).toBe(401);
    expect(request.user).toBeUndefined();
  });
});

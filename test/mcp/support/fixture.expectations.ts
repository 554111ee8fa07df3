import request from 'supertest';
import { Era, eraResult } from './fixture.rpc';

/** The exact success body of a request in an era (id 1). */
export async function expectResult(response: request.Test, era: Era, result: Record<string, unknown>, cacheable: boolean): Promise<void> {
  const answered = await response;
  expect(answered.status).toBe(200);
  expect(answered.body).toEqual({ jsonrpc: '2.0', id: 1, result: eraResult(era, result, cacheable) });
}

/** The exact JSON-RPC error body, with the status the era gives -32602 and -32002 (400 in 2026, 200 in 2025). */
export async function expectError(response: request.Test, era: Era, error: Record<string, unknown>): Promise<void> {
  const answered = await response;
  expect(answered.status).toBe(era === '2026' ? 400 : 200);
  expect(answered.body).toEqual({ jsonrpc: '2.0', id: 1, error });
}

/** The error of a resource not found: -32602 in era 2026, -32002 in era 2025, both naming the URI. */
export function resourceNotFound(era: Era, uri: string) {
  return { code: era === '2026' ? -32602 : -32002, message: 'Resource not found', data: { uri } };
}

/** 403 with the step-up challenge for the fixture's write scope. */
export async function expectInsufficientScope(response: request.Test, kind: string): Promise<void> {
  const answered = await response;
  expect(answered.status).toBe(403);
  expect(answered.headers['www-authenticate']).toBe(
    'Bearer error="insufficient_scope", scope="fixture:write", resource_metadata="http://mcp.test/.well-known/oauth-protected-resource/mcp"',
  );
  expect(answered.body).toEqual({ error: 'insufficient_scope', error_description: `This ${kind} needs the scope(s): fixture:write` });
}

/** 500 -32603 with a correlation id, and nothing of the failure in the body. */
export async function expectInternalError(response: request.Test, leak: string): Promise<void> {
  const answered = await response;
  expect(answered.status).toBe(500);
  expect(answered.body).toEqual({
    jsonrpc: '2.0',
    id: 1,
    error: { code: -32603, message: 'Internal error', data: { correlation_id: expect.stringMatching(/^[0-9a-f-]{36}$/) } },
  });
  expect(answered.text).not.toContain(leak);
}

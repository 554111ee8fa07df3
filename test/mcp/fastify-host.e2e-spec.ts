/**
 * What only a Fastify host can do to the MCP endpoint, beside the specs that
 * run on both adapters: loosen its router (`ignoreTrailingSlash`,
 * `caseSensitive: false`), which must not open other forms of the path, and
 * look at the request in its own hooks and guards, which must see every
 * header the client sent although Fastify never parsed the body.
 */
import { CanActivate, ExecutionContext, INestApplication } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createFixtureApp } from './support/fixture.app';

const AUTH = { Authorization: 'Bearer token-reader', 'Content-Type': 'application/json' };
const ping = { jsonrpc: '2.0', id: 7, method: 'ping' };

interface HookRequest {
  url: string;
  headers: Record<string, string | string[] | undefined>;
}
interface HookedInstance {
  addHook(name: string, hook: (request: HookRequest, reply: unknown, done: () => void) => void): void;
}

describe('McpModule on a Fastify host', () => {
  describe('with a loose router (ignoreTrailingSlash, caseSensitive: false)', () => {
    let app: INestApplication;
    beforeAll(async () => {
      app = await createFixtureApp({}, '/mcp', new FastifyAdapter({ routerOptions: { ignoreTrailingSlash: true, caseSensitive: false } }));
    });
    afterAll(() => app.close());

    it.each(['/mcp/', '/MCP', '/Mcp/'])('still answers POST %s 404 in Nest’s shape, body unread', async (path) => {
      const response = await request(app.getHttpServer()).post(path).set(AUTH).send('{');
      expect({ status: response.status, body: response.body }).toEqual({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: `Cannot POST ${path}` },
      });
    });

    it('serves the exact path', async () => {
      const response = await request(app.getHttpServer()).post('/mcp').set(AUTH).send(ping);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
    });
  });

  describe('with hooks and a global guard of its own', () => {
    let app: INestApplication;
    const seen: Record<string, unknown[]> = { onRequest: [], preValidation: [], guard: [] };
    const record = (step: string, headers: HookRequest['headers']) => seen[step].push([headers['content-type'], headers['content-length']]);

    class HostGuard implements CanActivate {
      canActivate(context: ExecutionContext): boolean {
        record('guard', context.switchToHttp().getRequest<HookRequest>().headers);
        return true;
      }
    }

    beforeAll(async () => {
      app = await createFixtureApp({}, '/mcp', 'fastify', (host) => {
        host.useGlobalGuards(new HostGuard());
        const instance = host.getHttpAdapter().getInstance() as HookedInstance;
        for (const step of ['onRequest', 'preValidation'])
          instance.addHook(step, (hooked, _reply, done) => {
            if (hooked.url === '/mcp') record(step, hooked.headers);
            done();
          });
      });
    });
    afterAll(() => app.close());

    it('lets each of them read Content-Type and Content-Length, and the endpoint read the body', async () => {
      const body = JSON.stringify(ping);
      const response = await request(app.getHttpServer()).post('/mcp').set(AUTH).send(body);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
      const expected = [['application/json', String(Buffer.byteLength(body))]];
      expect(seen).toEqual({ onRequest: expected, preValidation: expected, guard: expected });
    });
  });
});

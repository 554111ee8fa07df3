/**
 * A Nest application's global prefix (`app.setGlobalPrefix('api')`) would
 * move the MCP endpoint to `/api/mcp`, where the body parsers no longer leave
 * its body unread (each call a 400), and its Protected Resource Metadata away
 * from the origin's root. The module refuses to start so, naming the
 * `exclude` entries to add; with them, both keep their own paths.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createFixtureApp, PLATFORMS } from './support/fixture.app';

const AUTH = { Authorization: 'Bearer token-reader', 'Content-Type': 'application/json' };
const ping = { jsonrpc: '2.0', id: 7, method: 'ping' };

/** The `exclude` list the refusal tells the host to write, read back from the message as a person would copy it. */
function excludeListOf(message: string): string[] {
  const list = /exclude: \[([^\]]*)\]/.exec(message)?.[1];
  if (list === undefined) throw new Error(`no exclude list in: ${message}`);
  return list.split(', ').map((entry) => entry.replace(/^'|'$/g, ''));
}

describe.each(PLATFORMS)('MCP endpoint under a global prefix (%s)', (platform) => {
  it('refuses to start, naming the routes the prefix would move and the exclude entries to add', async () => {
    const started = createFixtureApp({}, '/mcp', platform, (app) => app.setGlobalPrefix('api'));
    await expect(started).rejects.toThrow(
      `McpModule: the global prefix "api" would move /mcp, /.well-known/oauth-protected-resource/mcp, /.well-known/oauth-protected-resource under /api; ` +
        `the MCP endpoint and its metadata must keep their own paths. ` +
        `Exclude them: app.setGlobalPrefix('api', { exclude: ['mcp', '.well-known/oauth-protected-resource/mcp', '.well-known/oauth-protected-resource'] })`,
    );
  });

  it('names only what is still moved when part is excluded, and the endpoint of a path of its own', async () => {
    const started = createFixtureApp({}, '/agents/mcp', platform, (app) => app.setGlobalPrefix('/v2/', { exclude: ['agents/mcp'] }));
    await expect(started).rejects.toThrow(
      /would move \/\.well-known\/oauth-protected-resource\/agents\/mcp, \/\.well-known\/oauth-protected-resource under \/v2;/,
    );
    await expect(started).rejects.toThrow(
      /exclude: \['agents\/mcp', '\.well-known\/oauth-protected-resource\/agents\/mcp', '\.well-known\/oauth-protected-resource'\]/,
    );
  });

  describe('with the exclude entries the refusal names', () => {
    let app: INestApplication;

    beforeAll(async () => {
      const refusal = await createFixtureApp({}, '/mcp', platform, (candidate) => candidate.setGlobalPrefix('api')).then(
        () => '',
        (error: Error) => error.message,
      );
      const exclude = excludeListOf(refusal);
      app = await createFixtureApp({}, '/mcp', platform, (candidate) => candidate.setGlobalPrefix('api', { exclude }));
    });
    afterAll(() => app?.close());

    it('serves the endpoint at its own path, reading the body itself, and nothing at the prefixed one', async () => {
      const served = await request(app.getHttpServer()).post('/mcp').set(AUTH).send(ping);
      expect({ status: served.status, body: served.body }).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 7, result: {} } });
      expect((await request(app.getHttpServer()).post('/api/mcp').set(AUTH).send(ping)).status).toBe(404);
    });

    it('serves the Protected Resource Metadata at the origin’s root, naming the endpoint', async () => {
      for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
        const metadata = await request(app.getHttpServer()).get(path);
        expect({ path, status: metadata.status, resource: metadata.body.resource }).toEqual({ path, status: 200, resource: 'http://mcp.test/mcp' });
      }
    });
  });
});

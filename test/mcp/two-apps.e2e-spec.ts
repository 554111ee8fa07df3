import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createFixtureApp, PLATFORMS } from './support/fixture.app';

/** Two applications in one process (test suites, in-process replicas) must not share authentication. */
describe.each(PLATFORMS)('McpModule: two applications in one process (%s)', (platform) => {
  let a: INestApplication;
  let b: INestApplication;
  beforeAll(async () => {
    a = await createFixtureApp({}, '/mcp', platform);
    b = await createFixtureApp(
      {
        verifier: { verify: async (token) => (token === 'only-b' ? { subject: 's', organization_id: 'org-b', client_id: 'c', scopes: [], roles: [] } : null) },
      },
      '/mcp',
      platform,
    );
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  const ping = (app: INestApplication, token: string) =>
    request(app.getHttpServer())
      .post('/mcp')
      .set({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' })
      .send({ jsonrpc: '2.0', id: 1, method: 'ping' });

  it('each application verifies tokens with its own verifier, whichever was built last', async () => {
    expect((await ping(a, 'token-reader')).status).toBe(200);
    expect((await ping(a, 'only-b')).status).toBe(401);
    expect((await ping(b, 'only-b')).status).toBe(200);
    expect((await ping(b, 'token-reader')).status).toBe(401);
  });

  it('gives the REST routes of the host the same body limit as the MCP endpoint', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(200_000) });
    const response = await request(a.getHttpServer()).post('/not-a-route').set('Content-Type', 'application/json').send(big);
    expect(response.status).toBe(404);
  });
});

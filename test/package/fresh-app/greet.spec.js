/*
 * A spec the fresh application's own jest runs, written as the module's guide
 * shows ("Testing your tools"): the application's module under
 * @nestjs/testing, the verifier overridden so a caller needs no real token,
 * and the tool called through @kobana/mcp/testing. Plain CommonJS, so jest
 * needs no transform. On the application's adapter (fresh-app/adapter.cjs):
 * the kit is given a Fastify application when FRESH_APP_ADAPTER=fastify.
 *
 * Copied into a temporary folder by test/package/libs-install.e2e-spec.ts
 * and run there with that folder's jest.
 */
'use strict';
require('reflect-metadata');
const { Test } = require('@nestjs/testing');
const { McpTestClient, overrideMcpVerifier } = require('@kobana/mcp/testing');
const { httpAdapter } = require('./adapter.cjs');
const { AppModule } = require('./app.module.cjs');

describe('greet tool', () => {
  let app;
  let mcp;
  beforeAll(async () => {
    const moduleRef = await overrideMcpVerifier(Test.createTestingModule({ imports: [AppModule] })).compile();
    const adapter = httpAdapter();
    app = adapter ? moduleRef.createNestApplication(adapter, { logger: false }) : moduleRef.createNestApplication({ logger: false });
    await app.init();
    mcp = await McpTestClient.create(app, { caller: { organization_id: 'org-7', scopes: ['demo:read'], roles: ['member'] } });
  });
  afterAll(async () => {
    await mcp?.close();
    await app?.close();
  });

  it('is loaded from this application, on its adapter', () => {
    expect(require.resolve('@kobana/mcp/testing').startsWith(`${__dirname}/node_modules/`)).toBe(true);
    expect(app.getHttpAdapter().getType()).toBe(process.env.FRESH_APP_ADAPTER === 'fastify' ? 'fastify' : 'express');
  });

  it('greets as the caller, and refuses what the DTO refuses', async () => {
    expect((await mcp.listTools()).map((tool) => tool.name)).toEqual(['greet']);
    const called = await mcp.callTool('greet', { name: 'Bia', times: 2 });
    expect(called).toMatchObject({ isError: false, structuredContent: { greeting: 'Hello, BiaHello, Bia', organization_id: 'org-7' } });
    const refused = await mcp.callTool('greet', { name: '' });
    expect(refused.isError).toBe(true);
    expect(refused.error).toEqual({ statusCode: 400, error: 'Bad Request', message: ['name must be longer than or equal to 1 characters'] });
  });
});

/*
 * greet.spec.js for the ES-module application, run by its own Vitest (what
 * `nest new` installs for Nest 12): the application's module under
 * @nestjs/testing, the verifier overridden so a caller needs no real token,
 * and the tool called through @kobana/mcp/testing, all taken with `import`.
 * Plain JavaScript, so Vitest transforms nothing that matters; the packages
 * themselves are loaded by Node (Vitest externalizes node_modules).
 *
 * Copied into a temporary folder by test/package/libs-install.e2e-spec.ts
 * and run there with that folder's Vitest (vitest.config.mjs).
 */
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { Test } from '@nestjs/testing';
import { McpTestClient, overrideMcpVerifier } from '@kobana/mcp/testing';
import { AppModule } from './app.module.mjs';

describe('greet tool', () => {
  let app;
  let mcp;
  beforeAll(async () => {
    const moduleRef = await overrideMcpVerifier(Test.createTestingModule({ imports: [AppModule] })).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    mcp = await McpTestClient.create(app, { caller: { organization_id: 'org-7', scopes: ['demo:read'], roles: ['member'] } });
  });
  afterAll(async () => {
    await mcp?.close();
    await app?.close();
  });

  it('is loaded from this application, on its adapter', () => {
    const here = fileURLToPath(new URL('.', import.meta.url));
    expect(fileURLToPath(import.meta.resolve('@kobana/mcp/testing')).startsWith(`${here}node_modules/`)).toBe(true);
    expect(app.getHttpAdapter().getType()).toBe('express');
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

/**
 * The testing kit of `@kobana/mcp/testing`, driven against the module's
 * fixture host: callers without real tokens, both eras, results and errors
 * as typed values, both ways of confirming, and the parity helpers.
 */
import { INestApplication } from '@nestjs/common';
import { AssertionError } from 'node:assert';
import { describeParity, expectToolMatchesRoute, McpParityOptions, McpTestClient, McpTestError, overrideMcpVerifier } from '@kobana/mcp/testing';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { createFixtureApp } from './support/fixture.app';
import { kitHostBuilder, NotesService } from './support/testing-kit.fixture';

const VIEWER = { organization_id: 'org-a', subject: 'u1', client_id: 'c1', scopes: ['fixture:read'], roles: ['viewer'] };
const ADMIN = {
  organization_id: 'org-b',
  subject: 'u9',
  client_id: 'c2',
  client_name: 'Admin console',
  scopes: ['fixture:read', 'fixture:write'],
  roles: ['admin'],
};
const REST_A: McpParityOptions = { headers: { Authorization: 'Bearer api:org-a' } };

describe('@kobana/mcp/testing: McpTestClient', () => {
  let mcp: McpTestClient;
  let app: INestApplication;
  beforeAll(async () => {
    mcp = await McpTestClient.create(await overrideMcpVerifier(kitHostBuilder()).compile(), { caller: VIEWER });
    app = mcp.app;
  });
  afterAll(() => mcp.close());

  it('calls a tool as the given caller through the real pipeline, in era 2026 by default and 2025 on request', async () => {
    const outcome = await mcp.callTool('echo', { text: 'ab', times: 2 });
    expect(outcome).toMatchObject({
      isError: false,
      resultType: 'complete',
      structuredContent: { text: 'abab', organization_id: 'org-a', era: '2026', at: '1970-01-01T00:00:00.000Z' },
      text: '{"text":"abab","organization_id":"org-a","era":"2026","at":"1970-01-01T00:00:00.000Z"}',
      status: 200,
    });
    expect(outcome.content).toEqual([{ type: 'text', text: outcome.text }]);
    expect((await mcp.with({ era: '2025' }).callTool('echo', { text: 'x' })).structuredContent).toMatchObject({ era: '2025' });
    expect((await mcp.as(ADMIN).callTool('echo', { text: 'x' })).structuredContent).toMatchObject({ organization_id: 'org-b' });
  });

  it('returns validation failures as isError results with the 400 body', async () => {
    const outcome = await mcp.callTool('echo', { text: '', extra: 1 });
    expect(outcome.isError).toBe(true);
    expect(outcome.structuredContent).toBeUndefined();
    expect(outcome.error).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('lists what each caller sees: roles hide tools, resources and prompts', async () => {
    const names = (items: Array<Record<string, any>>) => items.map((item) => item.name ?? item.uri);
    expect(names(await mcp.listTools())).not.toContain('admin_only');
    expect(names(await mcp.as(ADMIN).listTools())).toContain('admin_only');
    expect(names(await mcp.listResources())).not.toContain('audit');
    expect(names(await mcp.as(ADMIN).listResources())).toContain('audit');
    expect(names(await mcp.listResourceTemplates())).toContain('note');
    expect(names(await mcp.listPrompts())).toEqual(expect.arrayContaining(['investigate']));
    expect(names(await mcp.listPrompts())).not.toContain('admin_report');
  });

  it('reads a resource and gets a prompt in both eras', async () => {
    for (const client of [mcp, mcp.with({ era: '2025' })]) {
      expect(await client.readResource('fixture://guide')).toEqual([
        { uri: 'fixture://guide', mimeType: 'text/markdown', text: '# Fixture guide\nCall echo.' },
      ]);
      const prompt = await client.getPrompt('investigate', { period: '2026-03' });
      expect(prompt.messages[0]).toEqual({ role: 'user', content: { type: 'text', text: 'Investigate failed executions of 2026-03 in org-a.' } });
    }
  });

  it('mirrors Mcp-Name and Mcp-Param-* headers, base64 for text that is not plain ASCII', async () => {
    expect((await mcp.callTool('region_lookup', { region: 'eu-west' })).structuredContent).toEqual({ region: 'eu-west' });
    expect((await mcp.callTool('region_lookup', { region: 'São Paulo ' })).structuredContent).toEqual({ region: 'São Paulo ' });
    expect((await mcp.readResource('fixture://notes/ção')).length).toBe(1);
  });

  it('throws protocol errors as McpTestError with status, code and data', async () => {
    const unknown = await mcp.callTool('nope', {}).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(McpTestError);
    expect(unknown).toMatchObject({ status: 400, code: -32602 });
    const hidden = await mcp.readResource('fixture://audit').catch((error: unknown) => error);
    expect(hidden).toBeInstanceOf(McpTestError);
    expect(hidden).toMatchObject({ status: 400, code: -32602 });
    const refused = await mcp
      .with({ token: 'not-a-token' })
      .listTools()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(McpTestError);
    expect(refused).toMatchObject({ status: 401, code: undefined });
    expect((refused as McpTestError).headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('accepts the host verifier real tokens besides kit callers', async () => {
    const real = await McpTestClient.create(app, { token: 'token-admin' });
    expect((await real.callTool('admin_only')).structuredContent).toEqual({ secret: 'admin' });
  });

  it('confirms a destructive call in the chat: decline runs nothing, accept runs it once', async () => {
    const notes = app.get(NotesService);
    const { id } = (await mcp.callTool('notes_create', { text: 'to delete' })).structuredContent;
    const before = notes.deletes;
    const pending = await mcp.callTool('notes_delete', { id });
    expect(pending).toMatchObject({ resultType: 'input_required', requestState: expect.any(String), inputRequests: { confirm: expect.any(Object) } });
    expect(await mcp.confirmWithElicitation(pending, 'decline')).toMatchObject({ isError: true, error: expect.stringMatching(/^Cancelled, nothing was done/) });
    expect(notes.deletes).toBe(before);
    const again = await mcp.callTool('notes_delete', { id });
    expect(await mcp.confirmWithElicitation(again)).toMatchObject({ isError: false, structuredContent: { id, deleted: true } });
    expect(notes.deletes).toBe(before + 1);
  });

  it.each([
    ['era 2025', { era: '2025' as const }],
    ['era 2026 without elicitation', { elicitation: false }],
  ])('approves a destructive call in the store the approval page uses (%s), then the tool runs', async (_era, options) => {
    const client = mcp.with(options);
    const { id } = (await client.callTool('notes_create', { text: 'approve me' })).structuredContent;
    const pending = await client.callTool('notes_delete', { id });
    expect(pending.approval).toEqual({ id: expect.any(String), url: `http://mcp.test/approvals/${pending.approval?.id}`, expires_at: expect.any(String) });
    expect(await client.approve(pending)).toMatchObject({ isError: false, structuredContent: { id, deleted: true } });
    const other = (await client.callTool('notes_create', { text: 'keep me' })).structuredContent.id;
    const cancelled = await client.cancelApproval(await client.callTool('notes_delete', { id: other }));
    expect(cancelled).toMatchObject({ isError: true, error: expect.stringMatching(/^Cancelled, nothing was done/) });
    await expect(client.confirmWithElicitation(pending)).rejects.toThrow('notes_delete: the call did not ask for a confirmation in the chat');
  });

  it('callToolConfirmed gives the confirmation the way the server asks for it', async () => {
    for (const client of [mcp, mcp.with({ era: '2025' })]) {
      const { id } = (await client.callTool('notes_create', { text: 'x' })).structuredContent;
      expect((await client.callToolConfirmed('notes_delete', { id })).structuredContent).toEqual({ id, deleted: true });
    }
  });

  describe('parity with the REST routes', () => {
    let id: string;
    beforeAll(async () => {
      id = (await mcp.callTool('notes_create', { text: 'kept' })).structuredContent.id;
    });

    it('answers the route body when tool and route agree, on success and failure', async () => {
      const found = await expectToolMatchesRoute(mcp, { tool: 'notes_get', args: { id }, route: { method: 'GET', path: `/notes/${id}` }, status: 200 }, REST_A);
      expect(found.body).toEqual({ id, organization_id: 'org-a', text: 'kept' });
      const missing = await expectToolMatchesRoute(
        mcp,
        { tool: 'notes_get', args: { id: 'zz' }, route: { method: 'GET', path: '/notes/zz' }, status: 404 },
        REST_A,
      );
      expect(missing.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Note not found' });
      const listed = await expectToolMatchesRoute(
        mcp,
        { tool: 'notes_list', args: { text: 'kept' }, route: { method: 'GET', path: '/notes', query: { text: 'kept' } }, status: 200 },
        REST_A,
      );
      expect(listed.body).toEqual({ data: [{ id, organization_id: 'org-a', text: 'kept' }], total: 1 });
    });

    it('fails when the statuses or the bodies differ', async () => {
      const wrongStatus = expectToolMatchesRoute(
        mcp,
        { tool: 'notes_get', args: { id: 'zz' }, route: { method: 'GET', path: '/notes/zz' }, status: 200 },
        REST_A,
      );
      await expect(wrongStatus).rejects.toBeInstanceOf(AssertionError);
      // Another organization's credential on the REST side: the route says 404, the tool finds the note.
      const otherCaller = expectToolMatchesRoute(
        mcp,
        { tool: 'notes_get', args: { id }, route: { method: 'GET', path: `/notes/${id}` }, status: 404 },
        { headers: { Authorization: 'Bearer api:org-z' } },
      );
      await expect(otherCaller).rejects.toThrow(`notes_get differs from GET /api/v1/notes/${id}`);
    });

    describeParity(
      'as a table',
      [
        { tool: 'notes_get', args: { id: 'x'.repeat(21) }, route: { method: 'GET', path: `/notes/${'x'.repeat(21)}` }, status: 400 },
        { tool: 'notes_delete', args: { id: 'zz' }, route: { method: 'DELETE', path: '/notes/zz' }, status: 404 },
        { tool: 'notes_create', args: { text: 'y'.repeat(41) }, route: { method: 'POST', path: '/notes', body: { text: 'y'.repeat(41) } }, status: 400 },
      ],
      () => ({ client: mcp, options: REST_A }),
    );
  });

  it('refuses a caller when the app does not use the testing verifier', async () => {
    const plain = await createFixtureApp();
    try {
      await expect(McpTestClient.create(plain, { caller: VIEWER })).rejects.toThrow('The app does not use McpTestingVerifier');
    } finally {
      await plain.close();
    }
  });
});

describe('@kobana/mcp/testing on a Fastify application', () => {
  let mcp: McpTestClient;
  beforeAll(async () => {
    const moduleRef = await overrideMcpVerifier(kitHostBuilder()).compile();
    const app = moduleRef.createNestApplication(new FastifyAdapter(), { logger: false });
    // Initialized only, as a host's spec leaves it: the client makes Fastify ready and starts the server itself.
    await app.init();
    mcp = await McpTestClient.create(app, { caller: VIEWER });
  });
  afterAll(() => mcp.app.close());

  it('calls a tool and lists what the caller sees, in both eras', async () => {
    const outcome = await mcp.callTool('echo', { text: 'ab', times: 2 });
    expect(outcome).toMatchObject({ isError: false, status: 200, structuredContent: { text: 'abab', organization_id: 'org-a', era: '2026' } });
    expect((await mcp.with({ era: '2025' }).callTool('echo', { text: 'x' })).structuredContent).toMatchObject({ era: '2025' });
    expect((await mcp.listTools()).map((tool) => tool.name)).not.toContain('admin_only');
    expect((await mcp.as(ADMIN).listTools()).map((tool) => tool.name)).toContain('admin_only');
  });
});

import { Injectable, INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { McpModule, McpTool, McpToolRegistry } from '@kobana/mcp';
import { body2026, createFixtureApp, headers2026, PLATFORMS } from './support/fixture.app';
import { FixtureTools } from './support/fixture.tools';
import { FixtureVerifier } from './support/fixture.verifier';
import { callApproved } from './support/confirmation.helper';

const call2025 = (token: string, name: string, args?: unknown) => ({
  headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
});

describe.each(PLATFORMS)('MCP endpoint: tools (docs/protocol.md §2, §4, §5) (%s)', (platform) => {
  let app: INestApplication;
  beforeAll(async () => (app = await createFixtureApp({}, '/mcp', platform)));
  afterAll(() => app.close());
  const post = () => request(app.getHttpServer()).post('/mcp');
  const call = async (token: string, name: string, args?: unknown) => {
    const { headers, body } = call2025(token, name, args);
    return post().set(headers).send(body);
  };
  const names = (response: request.Response) => response.body.result.tools.map((tool: { name: string }) => tool.name).sort();

  describe('tools/list', () => {
    it('shows only what the caller satisfies: scopes and roles', async () => {
      const list = (token: string) =>
        post()
          .set({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' })
          .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(names(await list('token-reader'))).toEqual(['echo', 'fails', 'region_lookup']);
      expect(names(await list('token-writer'))).toEqual(['echo', 'fails', 'region_lookup', 'write_note']);
      expect(names(await list('token-admin'))).toEqual(['admin_only', 'echo', 'fails', 'region_lookup', 'write_note']);
    });

    it('describes each tool with its DTO schema and annotations (openWorldHint always false)', async () => {
      const response = await post().set(headers2026('tools/list')).send(body2026('tools/list'));
      const echo = response.body.result.tools.find((tool: { name: string }) => tool.name === 'echo');
      expect(echo).toEqual({
        name: 'echo',
        title: 'Echo',
        description: 'Repeats the text',
        inputSchema: expect.objectContaining({
          type: 'object',
          required: ['text'],
          additionalProperties: false,
          properties: {
            text: expect.objectContaining({ type: 'string', minLength: 1, maxLength: 200 }),
            times: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 5 }),
          },
        }),
        annotations: { title: 'Echo', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      });
      const region = response.body.result.tools.find((tool: { name: string }) => tool.name === 'region_lookup');
      expect(region.inputSchema.properties.region['x-mcp-header']).toBe('Region');
    });

    it('lists a tool a host registers after start-up, in both eras, though the list was served before', async () => {
      const registry = app.get(McpToolRegistry);
      const list2025 = () =>
        post().set({ Authorization: 'Bearer token-reader', 'Content-Type': 'application/json' }).send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      const list2026 = () => post().set(headers2026('tools/list')).send(body2026('tools/list'));
      expect(names(await list2025())).toEqual(['echo', 'fails', 'region_lookup']);
      expect(names(await list2026())).not.toContain('echo_late');
      const echo = registry.get('echo')!;
      registry.register({ ...echo, name: 'echo_late', descriptor: { ...echo.descriptor, name: 'echo_late' } });
      expect(names(await list2025())).toEqual(['echo', 'echo_late', 'fails', 'region_lookup']);
      expect(names(await list2026())).toContain('echo_late');
    });

    it('refuses a cursor it never issued', async () => {
      const response = await post()
        .set(headers2026('tools/list'))
        .send(body2026('tools/list', { cursor: 'forged' }));
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe(-32602);
    });
  });

  describe('tools/call', () => {
    it('answers the method JSON as text and as structuredContent, the caller from the token', async () => {
      const response = await call('token-reader', 'echo', { text: 'ab', times: 2 });
      expect(response.status).toBe(200);
      const expected = { text: 'abab', organization_id: 'org-a', era: '2025', at: '1970-01-01T00:00:00.000Z' };
      expect(response.body.result).toEqual({ content: [{ type: 'text', text: JSON.stringify(expected) }], structuredContent: expected });
    });

    it('validates with the DTO: every failing field in an isError result equal to the route body', async () => {
      const tools = app.get(FixtureTools);
      const before = tools.calls;
      const response = await call('token-reader', 'echo', { text: '', times: 9, extra: 1 });
      expect(response.status).toBe(200);
      const body = JSON.parse(response.body.result.content[0].text);
      expect(response.body.result.isError).toBe(true);
      expect(body.statusCode).toBe(400);
      expect(body.error).toBe('Bad Request');
      expect(body.message).toEqual(
        expect.arrayContaining(['property extra should not exist', 'text must be longer than or equal to 1 characters', 'times must not be greater than 5']),
      );
      expect(JSON.parse(response.body.result.content[0].text)).toEqual(body);
      expect(tools.calls).toBe(before);
    });

    it('turns an HttpException into an isError result with the route body', async () => {
      const missing = await callApproved(app, () => call('token-reader', 'fails', { text: 'missing' }));
      expect(missing.body.result).toEqual({
        content: [{ type: 'text', text: JSON.stringify({ message: 'Note not found', error: 'Not Found', statusCode: 404 }) }],
        isError: true,
      });
      const conflict = await callApproved(app, () => call('token-reader', 'fails', { text: 'conflict' }));
      expect(conflict.body.result).toEqual({
        content: [{ type: 'text', text: JSON.stringify({ error: 'conflict', message: 'Already exists' }) }],
        isError: true,
      });
    });

    it('answers anything unexpected with 500 -32603 and a correlation id, leaking nothing', async () => {
      const response = await callApproved(app, () => call('token-reader', 'fails', { text: 'boom' }));
      expect(response.status).toBe(500);
      expect(response.body).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32603, message: 'Internal error', data: { correlation_id: expect.stringMatching(/^[0-9a-f-]{36}$/) } },
      });
      expect(response.text).not.toContain('exploded');
      expect(response.text).not.toContain('/srv');
    });

    it('an unknown tool is -32602', async () => {
      const response = await call('token-reader', 'nope');
      expect(response.body.error).toEqual({ code: -32602, message: 'Unknown tool: nope' });
    });

    it('a tool the role forbids is answered exactly as one that does not exist, and does not run', async () => {
      const tools = app.get(FixtureTools);
      const before = tools.calls;
      const forbidden = await call('token-reader', 'admin_only');
      const unknown = await call('token-reader', 'admin_onlx');
      expect(forbidden.status).toBe(unknown.status);
      expect(forbidden.body.error).toEqual({ code: -32602, message: 'Unknown tool: admin_only' });
      expect(tools.calls).toBe(before);
      const allowed = await call('token-admin', 'admin_only');
      expect(allowed.body.result.structuredContent).toEqual({ secret: 'admin' });
    });

    it('a missing scope is 403 insufficient_scope with the needed scopes, so the client can step up', async () => {
      const response = await call('token-reader', 'write_note', { text: 'x' });
      expect(response.status).toBe(403);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['www-authenticate']).toBe(
        'Bearer error="insufficient_scope", scope="fixture:write", resource_metadata="http://mcp.test/.well-known/oauth-protected-resource/mcp"',
      );
      expect(response.body.error).toBe('insufficient_scope');
      const writer = await call('token-writer', 'write_note', { text: 'x' });
      expect(writer.body.result.structuredContent).toEqual({ written: 'x' });
    });

    it('takes the organization from the token only', async () => {
      const response = await call('token-admin', 'echo', { text: 'x', organization_id: 'org-a' });
      expect(response.body.result.isError).toBe(true);
      const clean = await call('token-admin', 'echo', { text: 'x' });
      expect(clean.body.result.structuredContent.organization_id).toBe('org-b');
    });
  });

  describe('Protected Resource Metadata (RFC 9728)', () => {
    it.each(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource'])('is served at %s without a token', async (path) => {
      const response = await request(app.getHttpServer()).get(path);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        resource: 'http://mcp.test/mcp',
        authorization_servers: [],
        scopes_supported: ['fixture:read', 'fixture:write'],
        bearer_methods_supported: ['header'],
        resource_name: 'Fixture',
      });
    });
  });
});

describe.each(PLATFORMS)('McpModule options and start-up (%s)', (platform) => {
  it('serves the endpoint at a configured path', async () => {
    const app = await createFixtureApp({}, 'agents/mcp/', platform);
    try {
      const response = await request(app.getHttpServer())
        .post('/agents/mcp')
        .set({ Authorization: 'Bearer token-reader', 'Content-Type': 'application/json' })
        .send({ jsonrpc: '2.0', id: 1, method: 'ping' });
      expect(response.body.result).toEqual({});
      const challenge = await request(app.getHttpServer()).post('/agents/mcp').send({});
      expect(challenge.headers['www-authenticate']).toContain('/.well-known/oauth-protected-resource/agents/mcp');
      expect((await request(app.getHttpServer()).post('/mcp')).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('stops start-up when two tools share a name', async () => {
    @Injectable()
    class Duplicate {
      @McpTool({ name: 'echo', description: 'a second echo' })
      echo() {
        return {};
      }
    }
    @Module({ providers: [FixtureTools, Duplicate, FixtureVerifier], exports: [FixtureVerifier] })
    class Host {}
    const moduleRef = Test.createTestingModule({
      imports: [
        Host,
        McpModule.forRootAsync({
          imports: [Host],
          inject: [FixtureVerifier],
          useFactory: (verifier: FixtureVerifier) => ({ serverInfo: { name: 'x', version: '1' }, verifier }),
        }),
      ],
    }).compile();
    const app = (await moduleRef).createNestApplication({ logger: false });
    await expect(app.init()).rejects.toThrow('Duplicate MCP tool "echo": declared by FixtureTools.echo and by Duplicate.echo');
  });
});

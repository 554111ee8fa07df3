/**
 * The official TypeScript SDK 1.x client (era 2025, initialize handshake)
 * against the real Kadu app over loopback HTTP, with a bearer token.
 *
 * The SDK asks for protocolVersion 2025-11-25; the server must answer with
 * 2025-06-18 (docs/protocol.md §3). After `notifications/initialized` (202) the SDK
 * opens a GET for a server stream, which the server refuses with 405.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startKadu } from '../support/kadu-app';
import { HttpRecorder } from './http-recorder';

jest.setTimeout(30_000);

const ORG = 'demo';
const ROLE = 'admin';
const TOOL = 'kadu_organization_get';

type Kadu = Awaited<ReturnType<typeof startKadu>>;

describe('SDK 1.x Client + StreamableHTTPClientTransport (era 2025)', () => {
  let kadu: Kadu;
  let token: string;
  const rec = new HttpRecorder();
  const open: Client[] = [];

  async function connect(bearer: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
    const client = new Client({ name: 'kadu-e2e-sdk1', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(kadu.mcpUrl), {
      requestInit: { headers: { Authorization: `Bearer ${bearer}` } },
      fetch: rec.fetch,
    });
    open.push(client);
    await client.connect(transport);
    return { client, transport };
  }

  /** `GET /api/v1/organization` for the same organization and role, with a token issued for the API. */
  async function restOrganization(): Promise<unknown> {
    const apiToken = await kadu.token(ORG, ROLE, { audience: 'api' });
    const res = await rec.fetch(`${kadu.baseUrl}/api/v1/organization`, {
      headers: { Authorization: `Bearer ${apiToken}`, Accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    kadu = await startKadu();
    token = await kadu.token(ORG, ROLE);
  });

  afterAll(async () => {
    await Promise.all(open.map((c) => c.close().catch(() => undefined)));
    await kadu?.close();
  });

  beforeEach(() => rec.clear());

  it('connects: initialize is answered with 2025-06-18 and serverInfo "kadu"', () =>
    rec.explain(async () => {
      const { client, transport } = await connect(token);

      // What the SDK asked for, and what the server answered.
      const [init] = rec.byRpcMethod('initialize');
      expect(JSON.parse(init.request.body!).params.protocolVersion).toBe('2025-11-25');
      expect(init.response?.status).toBe(200);
      expect(init.response?.headers['mcp-protocol-version']).toBe('2025-06-18');
      expect(init.response?.headers['cache-control']).toBe('no-store');
      expect(init.response?.headers['mcp-session-id']).toBeUndefined();
      const initBody = JSON.parse(init.response!.body);
      expect(initBody.result.protocolVersion).toBe('2025-06-18');

      expect(transport.protocolVersion).toBe('2025-06-18');
      expect(transport.sessionId).toBeUndefined();
      expect(client.getServerVersion()?.name).toBe('kadu');
      expect(client.getServerCapabilities()?.tools).toBeDefined();
      const instructions = client.getInstructions();
      expect(typeof instructions).toBe('string');
      expect(instructions!.length).toBeGreaterThan(0);

      // notifications/initialized is accepted with 202 and an empty body.
      const [initialized] = rec.byRpcMethod('notifications/initialized');
      expect(initialized.request.headers['mcp-protocol-version']).toBe('2025-06-18');
      expect(initialized.response?.status).toBe(202);
      expect(initialized.response?.body).toBe('');

      // The SDK then tries GET for a server stream: there is none (405, Allow: POST).
      const get = await rec.waitFor((x) => x.request.method === 'GET');
      expect(get?.response?.status).toBe(405);
      expect(get?.response?.headers['allow']).toBe('POST');
    }));

  it(`lists ${TOOL} with an object inputSchema and read-only, closed-world annotations`, () =>
    rec.explain(async () => {
      const { client } = await connect(token);
      const { tools } = await client.listTools();
      const tool = tools.find((t) => t.name === TOOL);
      expect(tool).toBeDefined();
      expect(tool!.inputSchema.type).toBe('object');
      expect(tool!.annotations?.readOnlyHint).toBe(true);
      expect(tool!.annotations?.openWorldHint).toBe(false);
      expect(typeof tool!.description).toBe('string');

      const [list] = rec.byRpcMethod('tools/list');
      expect(list.request.headers['mcp-protocol-version']).toBe('2025-06-18');
      expect(list.response?.status).toBe(200);
      expect(list.response?.headers['mcp-protocol-version']).toBe('2025-06-18');
    }));

  it(`calls ${TOOL}: the text content is the caller's organization and structuredContent equals it`, () =>
    rec.explain(async () => {
      const { client } = await connect(token);
      const result = await client.callTool({ name: TOOL, arguments: {} });

      expect(result.isError).toBeFalsy();
      const content = result.content as Array<{ type: string; text?: string }>;
      expect(content).toHaveLength(1);
      expect(content[0].type).toBe('text');
      const organization = JSON.parse(content[0].text!);
      expect(organization.slug).toBe(ORG);
      expect(result.structuredContent).toEqual(organization);

      // The same JSON as the REST route it mirrors (docs/protocol.md §5), read with an API token.
      expect(organization).toEqual(await restOrganization());
    }));

  it('a bad token makes connect fail with 401 and the OAuth challenge', () =>
    rec.explain(async () => {
      const err = await connect('not-a-valid-token').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(StreamableHTTPError);
      expect((err as StreamableHTTPError).code).toBe(401);

      const [init] = rec.byRpcMethod('initialize');
      expect(init.response?.status).toBe(401);
      const body = JSON.parse(init.response!.body);
      expect(body.error).toBe('invalid_token');
      expect(typeof body.error_description).toBe('string');
      const challenge = init.response!.headers['www-authenticate'];
      const metadataUrl = `${new URL(kadu.mcpUrl).origin}/.well-known/oauth-protected-resource${new URL(kadu.mcpUrl).pathname}`;
      expect(challenge).toMatch(/^Bearer /);
      expect(challenge).toContain(`resource_metadata="${metadataUrl}"`);
      expect(challenge).toContain('error="invalid_token"');
      // Nothing was initialized: no further request after the refused one.
      expect(rec.exchanges).toHaveLength(1);
    }));

  it('a token issued for the API (not for this MCP resource) is refused with 401', () =>
    rec.explain(async () => {
      const apiToken = await kadu.token(ORG, ROLE, { audience: 'api' });
      const err = await connect(apiToken).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(StreamableHTTPError);
      expect((err as StreamableHTTPError).code).toBe(401);
    }));
});

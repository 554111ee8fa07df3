/**
 * The official client 2.x pinned to protocol revision 2026-07-28 (no
 * handshake: every request carries the `_meta` envelope and the
 * MCP-Protocol-Version / Mcp-Method / Mcp-Name headers) against the real
 * Kadu app over loopback HTTP, plus raw `fetch` calls for the base64 form of
 * `Mcp-Name` (docs/protocol.md §3.1).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startKadu } from '../support/kadu-app';
import { HttpRecorder } from './http-recorder';

jest.setTimeout(30_000);

const ORG = 'demo';
const ROLE = 'admin';
const TOOL = 'kadu_organization_get';
const VERSION = '2026-07-28';
const SUPPORTED = ['2026-07-28', '2025-06-18', '2025-03-26'];
const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
const CLIENT_INFO = { name: 'kadu-e2e-client2', version: '2.0.0' };

type Kadu = Awaited<ReturnType<typeof startKadu>>;
/** A JSON-RPC response body as read off the wire (shape asserted by the tests). */
interface RpcBody {
  jsonrpc: string;
  id: unknown;
  result?: any;
  error?: { code: number; message: string; data?: unknown };
}

const base64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('client 2.x pinned to 2026-07-28', () => {
  let kadu: Kadu;
  let token: string;
  const rec = new HttpRecorder();
  const open: Client[] = [];

  async function connect(): Promise<Client> {
    const client = new Client(CLIENT_INFO, { versionNegotiation: { mode: { pin: VERSION } } });
    const transport = new StreamableHTTPClientTransport(new URL(kadu.mcpUrl), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
      fetch: rec.fetch,
    });
    open.push(client);
    await client.connect(transport);
    return client;
  }

  /** A hand-made era-2026 tools/call, as a gateway-friendly client would send it. */
  function rawToolsCall(id: number, mcpName: string) {
    return rec.fetch(kadu.mcpUrl, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'MCP-Protocol-Version': VERSION,
        'Mcp-Method': 'tools/call',
        'Mcp-Name': mcpName,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: {
          name: TOOL,
          arguments: {},
          _meta: {
            'io.modelcontextprotocol/protocolVersion': VERSION,
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
          },
        },
      }),
    });
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

  it('connects through server/discover: versions, serverInfo, instructions, cache hints', () =>
    rec.explain(async () => {
      const client = await connect();
      expect(client.getProtocolEra()).toBe('modern');
      expect(client.getNegotiatedProtocolVersion()).toBe(VERSION);
      expect(client.getServerVersion()?.name).toBe('kadu');
      expect(client.getServerCapabilities()?.tools).toBeDefined();

      // The connect probe went out with the 2026 headers and envelope; no initialize, no GET.
      expect(rec.byRpcMethod('initialize')).toHaveLength(0);
      expect(rec.exchanges.every((x) => x.request.method === 'POST')).toBe(true);
      const [probe] = rec.byRpcMethod('server/discover');
      expect(probe.request.headers['mcp-method']).toBe('server/discover');
      expect(probe.response?.status).toBe(200);
      expect(probe.response?.headers['mcp-protocol-version']).toBe(VERSION);
      expect(probe.response?.headers['cache-control']).toBe('no-store');
      expect(probe.response?.headers['content-type']).toMatch(/^application\/json/);
      const probeBody = JSON.parse(probe.response!.body);
      expect(probeBody.id).toBe(JSON.parse(probe.request.body!).id); // a string id, echoed

      // An explicit discover goes through the full result funnel (resultType required).
      const discovered = await client.discover();
      expect(discovered.supportedVersions).toEqual(SUPPORTED);
      expect(typeof discovered.instructions).toBe('string');
      expect(discovered.instructions!.length).toBeGreaterThan(0);
      expect(discovered.instructions).toContain('idempotency_key');
      expect(discovered.ttlMs).toBe(0);
      expect(discovered.cacheScope).toBe('private');
      expect((discovered._meta?.[SERVER_INFO] as { name?: string } | undefined)?.name).toBe('kadu');
      expect(discovered.capabilities.tools).toBeDefined();

      const raw = JSON.parse(rec.byRpcMethod('server/discover')[1].response!.body);
      expect(raw.result.resultType).toBe('complete');
    }));

  it(`tools/list includes ${TOOL} with an object inputSchema and read-only, closed-world annotations`, () =>
    rec.explain(async () => {
      const client = await connect();
      rec.clear();
      const { tools } = await client.listTools();
      const tool = tools.find((t) => t.name === TOOL);
      expect(tool).toBeDefined();
      expect(tool!.inputSchema.type).toBe('object');
      expect(tool!.annotations?.readOnlyHint).toBe(true);
      expect(tool!.annotations?.openWorldHint).toBe(false);

      const [list] = rec.byRpcMethod('tools/list');
      expect(list.request.headers['mcp-method']).toBe('tools/list');
      expect(list.response?.status).toBe(200);
      expect(list.response?.headers['mcp-protocol-version']).toBe(VERSION);
      const body = JSON.parse(list.response!.body);
      expect(body.result.resultType).toBe('complete');
      expect(body.result.ttlMs).toBe(0);
      expect(body.result.cacheScope).toBe('private');
      expect(body.result._meta[SERVER_INFO].name).toBe('kadu');
    }));

  it(`tools/call ${TOOL}: the text content is the caller's organization and structuredContent equals it`, () =>
    rec.explain(async () => {
      const client = await connect();
      rec.clear();
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

      const [call] = rec.byRpcMethod('tools/call');
      expect(call.request.headers['mcp-name']).toBe(TOOL);
      expect(call.response?.status).toBe(200);
      const body = JSON.parse(call.response!.body);
      expect(body.result.resultType).toBe('complete');
      expect(body.result._meta[SERVER_INFO].name).toBe('kadu');
    }));

  it('raw tools/call with Mcp-Name in its =?base64?…?= form succeeds', () =>
    rec.explain(async () => {
      const res = await rawToolsCall(41, `=?base64?${base64(TOOL)}?=`);
      expect(res.status).toBe(200);
      expect(res.headers.get('mcp-protocol-version')).toBe(VERSION);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = (await res.json()) as RpcBody;
      expect(body.jsonrpc).toBe('2.0');
      expect(body.id).toBe(41);
      expect(body.error).toBeUndefined();
      expect(body.result.resultType).toBe('complete');
      expect(body.result._meta[SERVER_INFO].name).toBe('kadu');
      expect(body.result.isError).toBeFalsy();
      const organization = JSON.parse(body.result.content[0].text);
      expect(organization.slug).toBe(ORG);
      expect(body.result.structuredContent).toEqual(organization);
    }));

  it('raw tools/call whose base64 Mcp-Name names another tool is a 400 header mismatch (-32020)', () =>
    rec.explain(async () => {
      const res = await rawToolsCall(42, `=?base64?${base64('kadu_organization_update')}?=`);
      expect(res.status).toBe(400);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = (await res.json()) as RpcBody;
      expect(body.jsonrpc).toBe('2.0');
      expect(body.id).toBe(42);
      expect(body.result).toBeUndefined();
      expect(body.error?.code).toBe(-32020);
      expect(body.error?.message).toBe('Header mismatch: Mcp-Name');
    }));
});

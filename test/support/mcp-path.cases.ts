/**
 * The MCP path is matched exactly, the same cases on every host over real
 * HTTP: `/mcp/`, `/MCP` and `/Mcp/` with a valid body and token answer 404
 * like any path the host does not serve, before the body parsers, never
 * their 400 or the endpoint's; the exact path and its Protected Resource
 * Metadata are unchanged.
 */

/** What the cases need of a running host. */
export interface McpPathHost {
  baseUrl: string;
  /** The origin the host names itself by in its Protected Resource Metadata. */
  publicUrl: string;
  /** An MCP token the endpoint accepts. */
  mcpToken: string;
  close(): Promise<void>;
}

const PING = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' });

/**
 * Registers the cases for `name`, started once by `start`; `more` registers
 * the host's own cases in the same block, reading the host with its argument.
 */
export function describeMcpPath<H extends McpPathHost>(name: string, start: () => Promise<H>, more?: (host: () => H) => void): void {
  describe(`${name}: the MCP path is matched exactly`, () => {
    let host: H;

    beforeAll(async () => {
      host = await start();
    });
    afterAll(() => host?.close());

    const post = (path: string) =>
      fetch(`${host.baseUrl}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${host.mcpToken}`, 'Content-Type': 'application/json' },
        body: PING,
      });

    it.each(['/mcp/', '/MCP', '/Mcp/'])('POST %s with a valid body and token → 404, as an unknown route', async (path) => {
      const unknown = await post('/nowhere');
      const response = await post(path);
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: unknown.status,
        body: { ...((await unknown.json()) as object), message: `Cannot POST ${path}` },
      });
      expect(response.status).toBe(404);
    });

    it('serves the exact path and the Protected Resource Metadata', async () => {
      const response = await post('/mcp');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
      const metadata = await fetch(`${host.baseUrl}/.well-known/oauth-protected-resource/mcp`);
      expect(metadata.status).toBe(200);
      expect(await metadata.json()).toMatchObject({ resource: `${host.publicUrl}/mcp`, bearer_methods_supported: ['header'] });
    });

    more?.(() => host);
  });
}

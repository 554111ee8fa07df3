import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpEra } from '../interfaces/mcp-request.interface';
import { JsonRpcException } from '../errors/json-rpc.error';
import { McpDispatcher } from './mcp-dispatcher.service';
import { McpMethodContext } from '../interfaces/mcp-method-context.interface';
import { McpMethodHandler } from './mcp-method.handler';
import { McpPreparedResult } from '../results/mcp-prepared.view';
import { McpServerDescription } from '../discovery/mcp-server-description.service';
import { rejectCursor } from '../params/mcp-params.parser';

/** A list keyed by the caller's first role, counting how often it is really built. */
class CountingListHandler implements McpMethodHandler {
  readonly method = 'tools/list';
  readonly eras = ['2025', '2026'] as const;
  readonly cacheable = true;
  built = 0;

  resultKey({ params, era, caller }: McpMethodContext): string {
    rejectCursor(params, era);
    return caller.roles[0];
  }

  handle({ caller }: McpMethodContext) {
    this.built++;
    return { tools: [{ name: `tool-for-${caller.roles[0]}` }] };
  }
}

function context(era: McpEra, role: string, params: Record<string, unknown> = {}): McpMethodContext {
  const caller = { subject: 's', organization_id: 'o', client_id: 'c', client_name: 'C', scopes: [], roles: [role] } as McpCaller;
  return { message: { jsonrpc: '2.0', id: 1, method: 'tools/list', params }, params, era, caller, state: {} as never, request: {} as never };
}

function setUp(): { dispatcher: McpDispatcher; handler: CountingListHandler } {
  const handler = new CountingListHandler();
  const server = { resultMeta: { 'io.modelcontextprotocol/serverInfo': { name: 'x', version: '1' } }, announces: () => true };
  return { dispatcher: new McpDispatcher([handler], server as unknown as McpServerDescription), handler };
}

const json = (result: unknown) => JSON.parse((result as McpPreparedResult).bytes.toString('utf8'));

describe('McpDispatcher prepared results', () => {
  it('builds a keyed result once per era and key, and answers its bytes from then on', async () => {
    const { dispatcher, handler } = setUp();
    const first = await dispatcher.dispatch(context('2026', 'admin'));
    const again = await dispatcher.dispatch(context('2026', 'admin'));
    expect(first).toBeInstanceOf(McpPreparedResult);
    expect(again).toBe(first);
    expect(json(first)).toEqual({
      resultType: 'complete',
      tools: [{ name: 'tool-for-admin' }],
      ttlMs: 0,
      cacheScope: 'private',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'x', version: '1' } },
    });
    expect(json(await dispatcher.dispatch(context('2025', 'admin')))).toEqual({ tools: [{ name: 'tool-for-admin' }] });
    expect(json(await dispatcher.dispatch(context('2026', 'viewer'))).tools).toEqual([{ name: 'tool-for-viewer' }]);
    expect(handler.built).toBe(3);
  });

  it('still checks the params of every call when the result is prepared', async () => {
    const { dispatcher } = setUp();
    await dispatcher.dispatch(context('2026', 'admin'));
    await expect(dispatcher.dispatch(context('2026', 'admin', { cursor: 'abc' }))).rejects.toBeInstanceOf(JsonRpcException);
    await expect(dispatcher.dispatch(context('2026', 'admin', { cursor: 42 }))).rejects.toMatchObject({ code: -32602, status: 400 });
  });
});

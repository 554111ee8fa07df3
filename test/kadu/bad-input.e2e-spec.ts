/**
 * Input that once answered 500 over the API and the MCP endpoint: each is
 * now the route's 400, the tool's matching isError result, changes nothing,
 * and the application keeps serving. Kadu runs with its default settings
 * (private webhook addresses refused).
 */
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { callRest, callTool, tokensOf } from './files-webhooks.support';

describe('bad input answers 400, never 500', () => {
  let kadu: KaduTestApp;
  let acme: { mcp: string; api: string };
  beforeAll(async () => {
    kadu = await startKadu();
    acme = await tokensOf(kadu, 'bad-input');
  });
  afterAll(() => kadu?.close());

  /** The same call over REST and MCP: both must answer `expected` (the tool as isError). */
  const bothRefuse = async (tool: string, args: Record<string, unknown>, method: string, path: string, body: unknown, expected: unknown) => {
    expect(await callRest(kadu, acme.api, method, path, body)).toEqual({ status: 400, body: expected });
    expect(await callTool(kadu, acme.mcp, tool, args)).toEqual({ isError: true, body: expected });
  };
  const stillServes = async () => expect((await callRest(kadu, acme.api, 'GET', '/tasks?limit=1')).status).toBe(200);

  // What a webhook host may be is the host policy's answer, the same on every Node version: Node 24's URL parser
  // accepts xn--a.com, Node 20's refuses it, and both read 0x100000000 as an (out of range) address.
  it.each([
    ['http://xn--a.com/hook', 'url host label xn--a is not a valid internationalized (xn--) label'],
    ['http://0x100000000/hook', 'url host must be an IPv4 address as four decimal numbers from 0 to 255 without leading zeros (as 192.0.2.1)'],
  ])('webhook endpoint url %s, which the host policy refuses', async (url, message) => {
    const refused = { statusCode: 400, error: 'Bad Request', message: [message] };
    await bothRefuse('kadu_webhook_endpoints_create', { url }, 'POST', '/webhook_endpoints', { url }, refused);
    const created = await callRest(kadu, acme.api, 'POST', '/webhook_endpoints', { url: 'http://93.184.215.14/hook' });
    const { id } = created.body as { id: string };
    await bothRefuse('kadu_webhook_endpoints_update', { id, url }, 'PATCH', `/webhook_endpoints/${id}`, { url }, refused);
    const listed = (await callRest(kadu, acme.api, 'GET', '/webhook_endpoints')).body as { data: Array<{ url: string }> };
    expect(listed.data.map((endpoint) => endpoint.url)).not.toContain(url);
    expect(listed.data.find((endpoint) => endpoint.url === 'http://93.184.215.14/hook')).toBeDefined();
    await callRest(kadu, acme.api, 'DELETE', `/webhook_endpoints/${id}`);
    await stillServes();
  });

  it.each(['http://[::ffff:0:7f00:1]/hook', 'http://[::ffff:7f00:1]/hook', 'http://[64:ff9b::a9fe:a9fe]/hook', 'http://[2002:a00:1::1]/hook'])(
    'webhook endpoint url %s, a non-public address written as IPv6',
    async (url) => {
      const refused = { statusCode: 400, error: 'Bad Request', message: ['url must point to a public internet address'] };
      await bothRefuse('kadu_webhook_endpoints_create', { url }, 'POST', '/webhook_endpoints', { url }, refused);
      const listed = (await callRest(kadu, acme.api, 'GET', '/webhook_endpoints')).body as { data: Array<{ url: string }> };
      expect(listed.data.map((endpoint) => endpoint.url)).not.toContain(url);
      await stillServes();
    },
  );

  it('idempotency_key null is no key: a missing execution is 404, a task is created each time, never a 500', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const notFound = { message: 'Execution not found', error: 'Not Found', statusCode: 404 };
    expect(await callRest(kadu, acme.api, 'POST', `/executions/${missing}/cancel`, { idempotency_key: null })).toEqual({ status: 404, body: notFound });
    expect(await callTool(kadu, acme.mcp, 'kadu_executions_cancel', { id: missing, idempotency_key: null })).toEqual({ isError: true, body: notFound });
    const first = await callRest(kadu, acme.api, 'POST', '/tasks', { name: 'Null key', idempotency_key: null });
    const second = await callRest(kadu, acme.api, 'POST', '/tasks', { name: 'Null key', idempotency_key: null });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((first.body as { id: string }).id).not.toBe((second.body as { id: string }).id);
    for (const created of [first, second]) await callRest(kadu, acme.api, 'DELETE', `/tasks/${(created.body as { id: string }).id}`);
    await stillServes();
  });

  const notAnObject = 'each value in rules must be an object';
  // class-validator (0.15) reports a primitive inside `rules` twice: not an object, and its nested-validation message.
  const primitive = 'rules.each value in nested property rules must be either object or array';
  it.each([
    [[[]], [notAnObject]],
    [[[{ category: 'fees', match: 'tarifa' }]], [notAnObject]],
    [[{ category: 'fees', match: 'tarifa' }, []], [notAnObject]],
    [[null], [notAnObject, primitive]],
    [['fees'], [notAnObject, primitive]],
  ])('task rules %j: each rule must be an object, on create and on update', async (rules, messages) => {
    const refused = { statusCode: 400, error: 'Bad Request', message: messages };
    const before = (await callRest(kadu, acme.api, 'GET', '/tasks')).body;
    await bothRefuse('kadu_tasks_create', { name: 'Bad rules', rules }, 'POST', '/tasks', { name: 'Bad rules', rules }, refused);
    expect((await callRest(kadu, acme.api, 'GET', '/tasks')).body).toEqual(before);
    const created = await callRest(kadu, acme.api, 'POST', '/tasks', { name: 'Good rules', rules: [{ category: 'fees', match: 'tarifa' }] });
    const task = created.body as { id: string };
    await bothRefuse('kadu_tasks_update', { id: task.id, rules }, 'PATCH', `/tasks/${task.id}`, { rules }, refused);
    expect((await callRest(kadu, acme.api, 'GET', `/tasks/${task.id}`)).body).toEqual(task);
    await callRest(kadu, acme.api, 'DELETE', `/tasks/${task.id}`);
    await stillServes();
  });

  /** A raw JSON body, so the test chooses its exact text. */
  const postRaw = async (method: string, path: string, text: string) => {
    const response = await fetch(`${kadu.baseUrl}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${acme.api}`, 'Content-Type': 'application/json' },
      body: text,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const tooDeep = { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'JSON nested deeper than 128 levels' } };

  it('a JSON body nested 3,000 levels deep is refused before parsing, on every route', async () => {
    const before = (await callRest(kadu, acme.api, 'GET', '/tasks')).body;
    const arrays = `${'['.repeat(3000)}${']'.repeat(3000)}`;
    const objects = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    expect(await postRaw('POST', '/tasks', `{"name":"Deep","rules":${arrays}}`)).toEqual(tooDeep);
    expect(await postRaw('POST', '/tasks', `{"name":"Deep","description":${objects}}`)).toEqual(tooDeep);
    expect(await postRaw('POST', '/webhook_endpoints', `{"url":"http://93.184.215.14/hook","description":${arrays}}`)).toEqual(tooDeep);
    expect((await callRest(kadu, acme.api, 'GET', '/tasks')).body).toEqual(before);
    const { id } = (await callRest(kadu, acme.api, 'POST', '/tasks', { name: 'Shallow' })).body as { id: string };
    expect(await postRaw('PATCH', `/tasks/${id}`, `{"rules":${arrays}}`)).toEqual(tooDeep);
    expect(((await callRest(kadu, acme.api, 'GET', `/tasks/${id}`)).body as { rules: unknown }).rules).toEqual([]);
    await stillServes();
  });

  it('128 levels still reach validation, and brackets inside strings do not count', async () => {
    const deepest = `{"name":"Deep","description":${'['.repeat(127)}${']'.repeat(127)}}`;
    expect(await postRaw('POST', '/tasks', deepest)).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: ['description must be shorter than or equal to 2000 characters', 'description must be a string'],
      },
    });
    expect(await postRaw('POST', '/tasks', `{"name":"Deep","description":${'['.repeat(128)}${']'.repeat(128)}}`)).toEqual(tooDeep);
    const quoted = await postRaw('POST', '/tasks', JSON.stringify({ name: 'Brackets', description: `\\"${'[{'.repeat(900)}` }));
    expect(quoted).toMatchObject({ status: 201, body: { name: 'Brackets' } });
  });

  it('an era-2026 destructive call whose clientInfo.name is not text gets its approval link, naming the OAuth client', async () => {
    const token = await kadu.token('bad-input', 'owner', { email: 'owner@bad-input.test', clientName: 'Desktop client' });
    const { id } = (await callRest(kadu, acme.api, 'POST', '/tasks', { name: 'Keep me' })).body as { id: string };
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: { first: 'x' }, version: '1' },
    };
    const response = await fetch(kadu.mcpUrl, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'tools/call',
        'Mcp-Name': 'kadu_tasks_delete',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'kadu_tasks_delete', arguments: { id }, _meta: meta } }),
    });
    expect(response.status).toBe(200);
    const result = ((await response.json()) as { result: { structuredContent: { status: string; approval_id: string } } }).result;
    expect(result.structuredContent.status).toBe('approval_required');
    const approval = await kadu.db.selectFrom('mcp_approvals').select('client_name').where('id', '=', result.structuredContent.approval_id).executeTakeFirst();
    expect(approval).toEqual({ client_name: 'Desktop client' });
    expect((await callRest(kadu, acme.api, 'GET', `/tasks/${id}`)).status).toBe(200);
  });
});

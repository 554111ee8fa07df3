import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { McpConfirmationStore } from '@kobana/mcp';
import { call2025, call2026, ConfirmationTools, createConfirmationApp, decide, FAKE_DATE_ONLY } from './support/confirmation.fixture';
import { FIXTURE_RESULT_META } from './support/fixture.rpc';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The exact approval_required result for `delete_note` with the given approval. */
const approvalRequired = (id: string, expiresAt: string) => ({
  content: [
    {
      type: 'text',
      text:
        `Nothing was done yet: Delete note needs the person's approval. Show them this link: http://mcp.test/approvals/${id} . ` +
        `After they choose Continue there, call delete_note again with exactly the same arguments. The link expires at ${expiresAt}.`,
    },
  ],
  structuredContent: { status: 'approval_required', approval_id: id, approval_url: `http://mcp.test/approvals/${id}`, expires_at: expiresAt },
});

describe('Confirming destructive tools by link (docs/protocol.md §7, era 2025 and 2026 without elicitation)', () => {
  let app: INestApplication;
  let tools: ConfirmationTools;
  beforeEach(async () => {
    app = await createConfirmationApp();
    tools = app.get(ConfirmationTools);
  });
  afterEach(() => app.close());

  const first = async (args: Record<string, unknown> = { id: 'n1' }) => {
    const before = Date.now();
    const response = await call2025(app, 'delete_note', args);
    expect(response.status).toBe(200);
    const { approval_id: id, expires_at: expiresAt } = response.body.result.structuredContent;
    expect(id).toMatch(UUID);
    expect(Date.parse(expiresAt) - before).toBeGreaterThanOrEqual(600_000 - 50);
    expect(Date.parse(expiresAt) - before).toBeLessThanOrEqual(600_000 + 5_000);
    expect(response.body).toEqual({ jsonrpc: '2.0', id: 1, result: approvalRequired(id, expiresAt) });
    return { id: id as string, expiresAt: expiresAt as string };
  };

  it('never runs on the first call; repeats before the decision answer the same link', async () => {
    const { id, expiresAt } = await first();
    const again = await call2025(app, 'delete_note', { id: 'n1', idempotency_key: 'another' });
    expect(again.body.result).toEqual(approvalRequired(id, expiresAt));
    expect(tools.deleted).toEqual([]);
  });

  it('era 2026 without elicitation gets the link too, as a complete result', async () => {
    const response = await call2026(app, 'delete_note', { id: 'n1' }, { capabilities: {} });
    const { approval_id: id, expires_at: expiresAt } = response.body.result.structuredContent;
    expect(response.body.result).toEqual({ resultType: 'complete', ...approvalRequired(id, expiresAt), _meta: FIXTURE_RESULT_META });
    expect(tools.deleted).toEqual([]);
  });

  it('after Continue the identical call runs exactly once, and the next one starts a new approval', async () => {
    const { id } = await first();
    await decide(app, id, 'approved');
    const ran = await call2025(app, 'delete_note', { id: 'n1' });
    expect(ran.body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: '{"deleted":"n1"}' }], structuredContent: { deleted: 'n1' } },
    });
    const next = await call2025(app, 'delete_note', { id: 'n1' });
    expect(next.body.result.structuredContent.status).toBe('approval_required');
    expect(next.body.result.structuredContent.approval_id).not.toBe(id);
    expect(tools.deleted).toEqual(['n1']);
  });

  it('an approval is bound to the caller, the tool and the arguments', async () => {
    const { id } = await first();
    await decide(app, id, 'approved');
    for (const response of [
      await call2025(app, 'delete_note', { id: 'n2' }),
      await call2025(app, 'archive_note', { id: 'n1' }),
      await call2025(app, 'delete_note', { id: 'n1' }, 'token-writer'),
    ]) {
      expect(response.body.result.structuredContent.status).toBe('approval_required');
      expect(response.body.result.structuredContent.approval_id).not.toBe(id);
    }
    expect(tools.deleted).toEqual([]);
  });

  it('after Cancel the call says so and runs nothing; the next call starts a new approval', async () => {
    const { id } = await first();
    await decide(app, id, 'cancelled');
    const cancelled = await call2025(app, 'delete_note', { id: 'n1' });
    expect(cancelled.body.result).toEqual({
      content: [
        {
          type: 'text',
          text: 'Cancelled, nothing was done: the person chose Cancel on the approval page for Delete note. Calling delete_note again starts a new approval.',
        },
      ],
      isError: true,
    });
    const next = await call2025(app, 'delete_note', { id: 'n1' });
    expect(next.body.result.structuredContent.status).toBe('approval_required');
    expect(next.body.result.structuredContent.approval_id).not.toBe(id);
    expect(tools.deleted).toEqual([]);
  });

  it('after 10 minutes the link expires: the call says so, a late Continue is refused, and the next call starts over', async () => {
    const { id } = await first();
    jest.useFakeTimers(FAKE_DATE_ONLY);
    try {
      jest.setSystemTime(Date.now() + 600_001);
      await expect(decide(app, id, 'approved')).rejects.toThrow('was not pending');
      const expired = await call2025(app, 'delete_note', { id: 'n1' });
      expect(expired.body.result).toEqual({
        content: [{ type: 'text', text: 'Expired, nothing was done: nobody approved Delete note in time. Calling delete_note again starts a new approval.' }],
        isError: true,
      });
      const next = await call2025(app, 'delete_note', { id: 'n1' });
      expect(next.body.result.structuredContent.approval_id).not.toBe(id);
    } finally {
      jest.useRealTimers();
    }
    expect(tools.deleted).toEqual([]);
  });

  it('an approved link that expires before the repeat does not run', async () => {
    const { id } = await first();
    await decide(app, id, 'approved');
    jest.useFakeTimers(FAKE_DATE_ONLY);
    try {
      jest.setSystemTime(Date.now() + 600_001);
      expect((await call2025(app, 'delete_note', { id: 'n1' })).body.result).toMatchObject({
        content: [{ text: expect.stringMatching(/^Expired, nothing was done/) }],
        isError: true,
      });
    } finally {
      jest.useRealTimers();
    }
    expect(tools.deleted).toEqual([]);
  });

  it('concurrent first calls share one approval', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => call2025(app, 'delete_note', { id: 'n1' })));
    expect(new Set(responses.map((response) => response.body.result.structuredContent.approval_id)).size).toBe(1);
  });

  it('many simultaneous repeats of one approved call run it once; the others get one new approval', async () => {
    const { id } = await first();
    await decide(app, id, 'approved');
    const responses: request.Response[] = await Promise.all(Array.from({ length: 30 }, () => call2025(app, 'delete_note', { id: 'n1' })));
    const ran = responses.filter((response) => response.body.result.structuredContent.deleted === 'n1');
    const links = new Set(
      responses
        .filter((response) => response.body.result.structuredContent.status === 'approval_required')
        .map((r) => r.body.result.structuredContent.approval_id),
    );
    expect(ran).toHaveLength(1);
    expect(links.size).toBe(1);
    expect(links.has(id)).toBe(false);
    expect(tools.deleted).toEqual(['n1']);
  });

  it.each([[{ name: { text: 'x' } }], [{ name: 42 }], [{ name: ['chat'] }], [{ name: '' }], ['chat-client'], [null]])(
    'era 2026 with clientInfo %j: the person sees the OAuth client instead, and the call still answers its link',
    async (clientInfo) => {
      const meta = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': clientInfo,
      };
      const response = await request(app.getHttpServer())
        .post('/mcp')
        .set({
          Authorization: 'Bearer token-reader',
          'Content-Type': 'application/json',
          'MCP-Protocol-Version': '2026-07-28',
          'Mcp-Method': 'tools/call',
          'Mcp-Name': 'delete_note',
        })
        .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'delete_note', arguments: { id: 'n1' }, _meta: meta } });
      expect(response.status).toBe(200);
      const { approval_id: id, expires_at: expiresAt } = response.body.result.structuredContent;
      expect(response.body.result).toEqual({ resultType: 'complete', ...approvalRequired(id, expiresAt), _meta: FIXTURE_RESULT_META });
      // token-reader's client has no registered name: its id.
      expect((await app.get<McpConfirmationStore>(McpConfirmationStore).findApproval(id))?.client_name).toBe('c1');
      expect(tools.deleted).toEqual([]);
    },
  );

  it('era 2026 with a string clientInfo.name: the person sees that name', async () => {
    const { approval_id: id } = (await call2026(app, 'delete_note', { id: 'n1' }, { capabilities: {} })).body.result.structuredContent;
    expect((await app.get<McpConfirmationStore>(McpConfirmationStore).findApproval(id))?.client_name).toBe('chat-client');
  });

  it('approvalUrl and approvalTtlSeconds come from the options', async () => {
    await app.close();
    app = await createConfirmationApp({ approvalUrl: (id) => `https://host.test/ok/${id}`, approvalTtlSeconds: 60 });
    const before = Date.now();
    const response = await call2025(app, 'delete_note', { id: 'n1' });
    const { approval_id: id, approval_url: url, expires_at: expiresAt } = response.body.result.structuredContent;
    expect(url).toBe(`https://host.test/ok/${id}`);
    expect(Date.parse(expiresAt) - before).toBeLessThanOrEqual(65_000);
  });
});

import { INestApplication } from '@nestjs/common';
import { McpConfirmationStore } from '@kobana/mcp';
import { call2026, ConfirmationTools, createConfirmationApp, decide } from './support/confirmation.fixture';

const URL_CLIENT = { elicitation: { form: {}, url: {} } };
const STATE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;

describe('A person’s approval as URL-mode elicitation (era 2026, elicitation.url declared)', () => {
  let app: INestApplication;
  let tools: ConfirmationTools;
  beforeEach(async () => {
    app = await createConfirmationApp();
    tools = app.get(ConfirmationTools);
  });
  afterEach(() => app.close());

  const call = (id: number, retry: Record<string, unknown> = {}) => call2026(app, 'share_note', { id: 'n1' }, { id, capabilities: URL_CLIENT, retry });

  it('asks with input_required in mode url: the approval page of that call, words, a signed requestState, nothing in the URL but the id', async () => {
    const first = await call(1);
    expect(first.status).toBe(200);
    const result = first.body.result;
    expect(result).toMatchObject({ resultType: 'input_required', requestState: expect.stringMatching(STATE) });
    const { approve } = result.inputRequests;
    const approval = await app.get<McpConfirmationStore>(McpConfirmationStore).findApproval(approve.params.elicitationId);
    expect(approval).toMatchObject({ tool: 'share_note', subject: 'u1', organization_id: 'org-a', status: 'pending' });
    expect(approve).toEqual({
      method: 'elicitation/create',
      params: {
        mode: 'url',
        elicitationId: approval!.id,
        url: `http://mcp.test/approvals/${approval!.id}`,
        message: expect.stringContaining("needs your approval on this server's page"),
      },
    });
    expect(JSON.stringify(approve)).not.toContain('n1');
  });

  it('a retry before the person chose gets a fresh input_required; after Continue it runs once; a forged state is -32602', async () => {
    const first = (await call(1)).body.result;
    const retry = { inputResponses: { approve: { action: 'accept' } }, requestState: first.requestState };
    const early = (await call(2, retry)).body.result;
    expect(early).toMatchObject({
      resultType: 'input_required',
      inputRequests: { approve: { params: { elicitationId: first.inputRequests.approve.params.elicitationId } } },
    });
    expect(early.requestState).not.toBe(first.requestState);
    expect(tools.deleted).toEqual([]);

    const forged = await call(3, { ...retry, requestState: 'forged.state' });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toEqual({ code: -32602, message: 'Invalid requestState' });

    await decide(app, first.inputRequests.approve.params.elicitationId, 'approved');
    const ran = await call(4, { ...retry, requestState: early.requestState });
    expect(ran.body.result).toMatchObject({ resultType: 'complete', structuredContent: { shared: 'n1' } });
    const again = (await call(5, { ...retry, requestState: early.requestState })).body.result;
    expect(again.resultType).toBe('input_required');
    expect(tools.deleted).toEqual(['shared:note "Shopping list"']);
  });

  it('a declined approval answers isError in words; a client with form elicitation only keeps the link', async () => {
    const first = (await call(1)).body.result;
    await decide(app, first.inputRequests.approve.params.elicitationId, 'cancelled');
    const declined = (await call(2, { inputResponses: { approve: { action: 'accept' } }, requestState: first.requestState })).body.result;
    expect(declined).toMatchObject({
      resultType: 'complete',
      isError: true,
      content: [{ type: 'text', text: expect.stringContaining('chose Cancel on the approval page') }],
    });

    const formOnly = await call2026(app, 'share_note', { id: 'n2' }, { capabilities: { elicitation: {} } });
    expect(formOnly.body.result).toMatchObject({ resultType: 'complete', structuredContent: { status: 'approval_required' } });
    expect(tools.deleted).toEqual([]);
  });
});

import { INestApplication } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { call2026, ConfirmationTools, CONFIRMATION_SECRET, createConfirmationApp, FAKE_DATE_ONLY } from './support/confirmation.fixture';
import { FIXTURE_RESULT_META } from './support/fixture.rpc';

const ACCEPT = { confirm: { action: 'accept', content: { confirm: true } } };
const CONFIRM_SCHEMA = { type: 'object', properties: { confirm: { type: 'boolean', title: 'Continue' } }, required: ['confirm'] };

/** The exact `input_required` of docs/protocol.md §7 for `delete_note` with `{ id }`. */
const inputRequired = (id: string) => ({
  resultType: 'input_required',
  inputRequests: {
    confirm: {
      method: 'elicitation/create',
      params: { mode: 'form', message: `Delete note will run with id: "${id}". This cannot be undone. Continue?`, requestedSchema: CONFIRM_SCHEMA },
    },
  },
  requestState: expect.stringMatching(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/),
  _meta: FIXTURE_RESULT_META,
});
const invalidState = (id = 2) => ({ jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid requestState' } });
const declined = {
  resultType: 'complete',
  content: [{ type: 'text', text: 'Cancelled, nothing was done: the person did not confirm Delete note.' }],
  isError: true,
  _meta: FIXTURE_RESULT_META,
};

describe('Confirming destructive tools in the chat (docs/protocol.md §7, era 2026 with elicitation)', () => {
  let app: INestApplication;
  let tools: ConfirmationTools;
  beforeEach(async () => {
    app = await createConfirmationApp();
    tools = app.get(ConfirmationTools);
  });
  afterEach(() => app.close());

  /** The first call's requestState for `delete_note` with `args`. */
  const ask = async (args: Record<string, unknown> = { id: 'n1' }, token?: string): Promise<string> => {
    const response = await call2026(app, 'delete_note', args, { token });
    expect(response.status).toBe(200);
    expect(response.body.result).toEqual(inputRequired(String(args.id)));
    return response.body.result.requestState;
  };
  const retry = (requestState: string, inputResponses: unknown = ACCEPT, args: Record<string, unknown> = { id: 'n1' }, token?: string) =>
    call2026(app, 'delete_note', args, { id: 2, token, retry: { inputResponses, requestState } });

  it('never runs on the first call: it asks with the exact input_required', async () => {
    await ask();
    expect(tools.deleted).toEqual([]);
  });

  it('runs once on an accepted confirm: true retry, and a replay of the state asks again without running', async () => {
    const state = await ask();
    const accepted = await retry(state);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: {
        resultType: 'complete',
        content: [{ type: 'text', text: '{"deleted":"n1"}' }],
        structuredContent: { deleted: 'n1' },
        _meta: FIXTURE_RESULT_META,
      },
    });
    const replay = await retry(state);
    expect(replay.body.result).toEqual(inputRequired('n1'));
    expect(replay.body.result.requestState).not.toBe(state);
    expect(tools.deleted).toEqual(['n1']);
  });

  it.each([
    ['decline', { confirm: { action: 'decline' } }],
    ['cancel', { confirm: { action: 'cancel' } }],
    ['confirm: false', { confirm: { action: 'accept', content: { confirm: false } } }],
  ])('%s answers isError "cancelled, nothing was done" and runs nothing', async (_case, responses) => {
    const response = await retry(await ask(), responses);
    expect(response.status).toBe(200);
    expect(response.body.result).toEqual(declined);
    expect(tools.deleted).toEqual([]);
  });

  it('an edited requestState is -32602 "Invalid requestState" and runs nothing', async () => {
    const state = await ask();
    const [payload, signature] = state.split('.');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const edited = Buffer.from(JSON.stringify({ ...decoded, expires_at: decoded.expires_at + 3_600_000 })).toString('base64url');
    for (const forged of [`${edited}.${signature}`, `${payload}.${signature.slice(0, -2)}AA`, 'not-a-state', `${payload}.${signature}.x`]) {
      const response = await retry(forged);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(invalidState());
    }
    expect(tools.deleted).toEqual([]);
  });

  it('a state signed with another key is -32602', async () => {
    const state = await ask();
    const [payload] = state.split('.');
    const foreign = `${payload}.${createHmac('sha256', `${CONFIRMATION_SECRET}x`).update(payload).digest('base64url')}`;
    expect((await retry(foreign)).body).toEqual(invalidState());
    expect(tools.deleted).toEqual([]);
  });

  it('a state issued for other arguments, another tool or another caller is -32602 and runs nothing', async () => {
    const state = await ask();
    expect((await retry(state, ACCEPT, { id: 'n2' })).body).toEqual(invalidState());
    const otherTool = await call2026(app, 'archive_note', { id: 'n1' }, { id: 2, retry: { inputResponses: ACCEPT, requestState: state } });
    expect(otherTool.body).toEqual(invalidState());
    expect((await retry(state, ACCEPT, { id: 'n1' }, 'token-writer')).body).toEqual(invalidState());
    expect(tools.deleted).toEqual([]);
  });

  it('ignores idempotency_key when matching the arguments', async () => {
    const state = await ask({ id: 'n1', idempotency_key: 'k-1' });
    const response = await retry(state, ACCEPT, { id: 'n1', idempotency_key: 'k-2' });
    expect(response.body.result.structuredContent).toEqual({ deleted: 'n1' });
    expect(tools.deleted).toEqual(['n1']);
  });

  it('a retry without the confirm answer asks again', async () => {
    const state = await ask();
    const response = await retry(state, {});
    expect(response.body.result).toEqual(inputRequired('n1'));
    const noResponses = await call2026(app, 'delete_note', { id: 'n1' }, { id: 2, retry: { requestState: state } });
    expect(noResponses.body.result).toEqual(inputRequired('n1'));
    expect(tools.deleted).toEqual([]);
  });

  it('an expired state asks again and runs nothing', async () => {
    const state = await ask();
    jest.useFakeTimers(FAKE_DATE_ONLY);
    try {
      jest.setSystemTime(Date.now() + 300_001);
      const response = await retry(state);
      expect(response.body.result).toEqual(inputRequired('n1'));
    } finally {
      jest.useRealTimers();
    }
    expect(tools.deleted).toEqual([]);
  });

  it.each([
    ['inputResponses not an object of objects', { confirm: 'yes' }, 'Invalid params: "inputResponses" must be an object of objects'],
    [
      'an unknown action',
      { confirm: { action: 'maybe' } },
      'Invalid params: "inputResponses.confirm" must be { "action": "accept" | "decline" | "cancel", "content"?: object }',
    ],
    [
      'content not an object',
      { confirm: { action: 'accept', content: [true] } },
      'Invalid params: "inputResponses.confirm" must be { "action": "accept" | "decline" | "cancel", "content"?: object }',
    ],
  ])('%s is -32602 and runs nothing', async (_case, responses, message) => {
    const response = await retry(await ask(), responses);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32602, message } });
    expect(tools.deleted).toEqual([]);
  });

  it('many simultaneous confirmed retries with one requestState run the tool once', async () => {
    const state = await ask();
    const responses = await Promise.all(Array.from({ length: 25 }, () => retry(state)));
    const complete = responses.filter((response) => response.body.result?.resultType === 'complete');
    const askedAgain = responses.filter((response) => response.body.result?.resultType === 'input_required');
    expect(complete).toHaveLength(1);
    expect(askedAgain).toHaveLength(24);
    expect(tools.deleted).toEqual(['n1']);
  });
});

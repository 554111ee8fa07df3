import { INestApplication } from '@nestjs/common';
import { createHostApp, rpc } from './support/fixture.rpc';
import { CONFIRM_REQUEST, InputRequiredFixtures } from './support/content.fixture';

const HOST_META = { 'io.modelcontextprotocol/serverInfo': { name: 'host', version: '1' } };
const UNSUPPORTED =
  'This needs input from the person or the client (elicitation, sampling or roots), which only protocol version 2026-07-28 can carry: nothing was done.';
const ACCEPTED = { action: 'accept', content: { ok: true } };

describe('McpModule: McpInputRequired and multi-round requests (SEP-2322)', () => {
  let app: INestApplication;
  let fixtures: InputRequiredFixtures;
  beforeAll(async () => {
    app = await createHostApp(InputRequiredFixtures);
    fixtures = app.get(InputRequiredFixtures);
  });
  afterAll(() => app.close());

  const callTool = (name: string, extra: Record<string, unknown> = {}) => rpc(app, '2026', 'tools/call', { name, arguments: {}, ...extra }, { name });
  const getPrompt = (extra: Record<string, unknown> = {}) => rpc(app, '2026', 'prompts/get', { name: 'ask_prompt', ...extra }, { name: 'ask_prompt' });

  describe('era 2026', () => {
    it('answers a tool that needs input with resultType input_required, its requests and its requestState', async () => {
      const response = await callTool('ask_first');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: { resultType: 'input_required', inputRequests: { confirm: CONFIRM_REQUEST }, requestState: 'state-1', _meta: HOST_META },
      });
    });

    it('omits requestState when the method gives none', async () => {
      const response = await callTool('ask_stateless');
      expect(response.body.result).toEqual({ resultType: 'input_required', inputRequests: { roots: { method: 'roots/list', params: {} } }, _meta: HOST_META });
    });

    it('gives the retry its inputResponses and requestState through @McpContext(), and completes', async () => {
      const response = await callTool('ask_first', { inputResponses: { confirm: ACCEPTED }, requestState: 'state-1' });
      expect(response.status).toBe(200);
      expect(response.body.result).toEqual({
        resultType: 'complete',
        content: [{ type: 'text', text: JSON.stringify({ confirm: ACCEPTED, requestState: 'state-1' }) }],
        structuredContent: { confirm: ACCEPTED, requestState: 'state-1' },
        _meta: HOST_META,
      });
    });

    it('answers a prompt that needs input the same way, then builds it on the retry', async () => {
      const first = await getPrompt();
      expect(first.body.result).toEqual({
        resultType: 'input_required',
        inputRequests: { confirm: CONFIRM_REQUEST },
        requestState: 'prompt-state',
        _meta: HOST_META,
      });
      const retry = await getPrompt({ inputResponses: { confirm: ACCEPTED }, requestState: 'prompt-state' });
      expect(retry.body.result).toEqual({
        resultType: 'complete',
        description: 'A prompt that asks first',
        messages: [{ role: 'user', content: { type: 'text', text: `Confirmed: ${JSON.stringify(ACCEPTED)} with prompt-state` } }],
        _meta: HOST_META,
      });
    });

    it.each([
      ['null', null, '"inputResponses" must be an object of objects'],
      ['an array', [ACCEPTED], '"inputResponses" must be an object'],
      ['a string', 'yes', '"inputResponses" must be an object'],
      ['an object with a non-object answer', { confirm: true }, '"inputResponses" must be an object of objects'],
      ['an object with an array answer', { confirm: [] }, '"inputResponses" must be an object of objects'],
    ])('refuses inputResponses that is %s with 400 -32602, before the method runs', async (_label, inputResponses, why) => {
      const before = fixtures.calls;
      const response = await callTool('ask_first', { inputResponses });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: `Invalid params: ${why}` } });
      expect(fixtures.calls).toBe(before);
    });

    it('refuses a requestState that is not a string with 400 -32602', async () => {
      const response = await callTool('ask_first', { inputResponses: { confirm: ACCEPTED }, requestState: 7 });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params: "requestState" must be a string' } });
    });
  });

  describe('era 2025 (no multi-round requests)', () => {
    it('answers a tool that needs input with an isError result saying so', async () => {
      const response = await rpc(app, '2025', 'tools/call', { name: 'ask_first', arguments: {} });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: UNSUPPORTED }], isError: true } });
    });

    it('answers a prompt that needs input with -32602', async () => {
      const response = await rpc(app, '2025', 'prompts/get', { name: 'ask_prompt' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: UNSUPPORTED } });
    });

    it('ignores inputResponses and requestState: the era has no such params', async () => {
      const response = await rpc(app, '2025', 'tools/call', {
        name: 'ask_first',
        arguments: {},
        inputResponses: { confirm: ACCEPTED },
        requestState: 'state-1',
      });
      expect(response.body.result).toEqual({ content: [{ type: 'text', text: UNSUPPORTED }], isError: true });
      const malformed = await rpc(app, '2025', 'tools/call', { name: 'ask_first', arguments: {}, inputResponses: null });
      expect(malformed.body.result.isError).toBe(true);
    });
  });
});

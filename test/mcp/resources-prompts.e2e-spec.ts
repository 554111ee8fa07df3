import { INestApplication } from '@nestjs/common';
import { createFixtureApp } from './support/fixture.app';
import { Era, rpc } from './support/fixture.rpc';
import { expectError, expectInsufficientScope, expectInternalError, expectResult, resourceNotFound } from './support/fixture.expectations';
import { FixtureResources } from './support/fixture.resources';
import { FIXTURE_PERIODS, FixturePrompts } from './support/fixture.prompts';

const GUIDE = { uri: 'fixture://guide', name: 'guide', title: 'Guide', description: 'How to use the fixture', mimeType: 'text/markdown' };
const ORGANIZATION = { uri: 'fixture://organization', name: 'organization', description: "The caller's organization" };
const AUDIT = { uri: 'fixture://audit', name: 'audit', description: 'Admins only' };
const DRAFTS = { uri: 'fixture://drafts', name: 'drafts', description: 'Needs the write scope' };
const NOTE = { uriTemplate: 'fixture://notes/{id}', name: 'note', title: 'Note', description: 'A note by id', mimeType: 'application/json' };
const REPORT = { uriTemplate: 'fixture://reports/{period}.csv', name: 'report', description: 'A CSV report', mimeType: 'text/csv' };
const ORG_NOTE = { uriTemplate: 'fixture://orgs/{org}/notes/{id}', name: 'org-note', description: 'Any organization (admins only)' };
const INVESTIGATE = {
  name: 'investigate',
  title: 'Investigate failures',
  description: 'Investigates the failed executions of a period',
  arguments: [
    { name: 'period', description: 'Month, YYYY-MM', required: true },
    { name: 'status', description: 'Execution status' },
  ],
};
const EXPLAIN = { name: 'explain', arguments: [{ name: 'execution_id', required: true }] };
const ADMIN_REPORT = { name: 'admin_report', description: 'Admins only', arguments: [{ name: 'scope' }] };
const DRAFT_NOTE = { name: 'draft_note', description: 'Needs the write scope' };
const ERAS: Era[] = ['2025', '2026'];
const text = (value: string) => ({ type: 'text', text: value });

describe('MCP endpoint: resources, prompts and completions (docs/protocol.md §3, §4, §9)', () => {
  let app: INestApplication;
  beforeAll(async () => (app = await createFixtureApp()));
  afterAll(() => app.close());

  describe.each(ERAS)('era %s', (era) => {
    const send = (method: string, params?: Record<string, unknown>, token?: string) => rpc(app, era, method, params, { token });

    describe('resources/list and resources/templates/list', () => {
      it.each([
        ['token-reader', [GUIDE, ORGANIZATION], [NOTE, REPORT]],
        ['token-writer', [GUIDE, ORGANIZATION, DRAFTS], [NOTE, REPORT]],
        ['token-admin', [GUIDE, ORGANIZATION, AUDIT, DRAFTS], [NOTE, REPORT, ORG_NOTE]],
      ])('%s sees only what its role and scopes allow', async (token, resources, resourceTemplates) => {
        await expectResult(send('resources/list', undefined, token), era, { resources }, true);
        await expectResult(send('resources/templates/list', undefined, token), era, { resourceTemplates }, true);
      });

      it('refuses a cursor it never issued', async () => {
        await expectError(send('resources/list', { cursor: 'forged' }), era, { code: -32602, message: 'Invalid params: invalid cursor' });
        await expectError(send('resources/templates/list', { cursor: 'forged' }), era, { code: -32602, message: 'Invalid params: invalid cursor' });
      });
    });

    describe('resources/read', () => {
      const read = (uri: unknown, token?: string) => send('resources/read', { uri }, token);
      const contents = (uri: string, mimeType: string, body: string) => ({ contents: [{ uri, mimeType, text: body }] });

      it.each([
        ['a fixed string resource, in its declared type', 'fixture://guide', 'token-reader', 'text/markdown', '# Fixture guide\nCall echo.'],
        ['an array, as JSON', 'fixture://audit', 'token-admin', 'application/json', '[{"event":"login"}]'],
        ['a template, its variable decoded', 'fixture://notes/a%20b', 'token-reader', 'application/json', '{"id":"a b","organization_id":"org-a"}'],
        ['a template string in its declared type', 'fixture://reports/2024-05.csv', 'token-reader', 'text/csv', 'period,total\n2024-05,3'],
        ['a template string without a declared type, as text/plain', 'fixture://orgs/org-z/notes/9', 'token-admin', 'text/plain', 'note 9 of org-z'],
      ])('reads %s', async (_, uri, token, mimeType, body) => {
        await expectResult(read(uri, token), era, contents(uri, mimeType, body), true);
      });

      it('gives the method the caller from the token and the call context, and serializes as the route would', async () => {
        const organization = JSON.stringify({ organization_id: 'org-b', era, since: '1970-01-01T00:00:00.000Z' });
        await expectResult(read('fixture://organization', 'token-admin'), era, contents('fixture://organization', 'application/json', organization), true);
      });

      it.each([
        ['no resource or template has the URI', 'fixture://nope'],
        ['a template variable never spans segments', 'fixture://notes/1/2'],
        ['a badly encoded variable', 'fixture://notes/%E0%A4%A'],
        ['the method throws NotFoundException', 'fixture://notes/missing'],
        ['the method returns null', 'fixture://notes/empty'],
      ])('resource not found when %s, with the URI', async (_, uri) => {
        await expectError(read(uri), era, resourceNotFound(era, uri));
      });

      it('a resource or template the role forbids is answered exactly as one that does not exist, and does not run', async () => {
        const resources = app.get(FixtureResources);
        const before = resources.reads;
        await expectError(read('fixture://audit'), era, resourceNotFound(era, 'fixture://audit'));
        await expectError(read('fixture://orgs/org-z/notes/9'), era, resourceNotFound(era, 'fixture://orgs/org-z/notes/9'));
        expect(resources.reads).toBe(before);
      });

      it('a missing scope is 403 insufficient_scope, and the method does not run', async () => {
        const resources = app.get(FixtureResources);
        const before = resources.reads;
        await expectInsufficientScope(read('fixture://drafts'), 'resource');
        expect(resources.reads).toBe(before);
        await expectResult(read('fixture://drafts', 'token-writer'), era, contents('fixture://drafts', 'application/json', '{"drafts":[]}'), true);
      });

      it.each([
        ['BadRequestException', 'fixture://notes/bad', 'Note ids are numeric'],
        ['ForbiddenException', 'fixture://notes/locked', 'Note is locked'],
      ])('a client error of the method (%s) is -32602 with its message', async (_, uri, message) => {
        await expectError(read(uri), era, { code: -32602, message });
      });

      it('anything unexpected is 500 -32603, leaking nothing', async () => {
        await expectInternalError(read('fixture://notes/boom'), '/srv/notes');
      });

      it('a uri of the wrong type is -32602', async () => {
        await expectError(read(42), era, { code: -32602, message: 'Invalid params: "uri" must be a string' });
      });
    });

    describe('prompts/list', () => {
      it.each([
        ['token-reader', [INVESTIGATE, EXPLAIN]],
        ['token-writer', [INVESTIGATE, EXPLAIN, DRAFT_NOTE]],
        ['token-admin', [INVESTIGATE, EXPLAIN, ADMIN_REPORT, DRAFT_NOTE]],
      ])('%s sees only what its role and scopes allow', async (token, prompts) => {
        await expectResult(send('prompts/list', undefined, token), era, { prompts }, true);
      });
    });

    describe('prompts/get', () => {
      const get = (name: unknown, args?: unknown, token?: string) => send('prompts/get', { name, ...(args === undefined ? {} : { arguments: args }) }, token);

      it('builds the messages a method returns, with the DTO-validated arguments and the caller', async () => {
        await expectResult(
          get('investigate', { period: '2024-05', status: 'cancelled' }, 'token-admin'),
          era,
          {
            description: 'Investigates the failed executions of a period',
            messages: [
              { role: 'user', content: text('Investigate cancelled executions of 2024-05 in org-b.') },
              { role: 'assistant', content: text('I will list them first.') },
            ],
          },
          false,
        );
      });

      it('turns a string into one user message; plain-record arguments are passed as sent', async () => {
        await expectResult(get('explain', { execution_id: 'e1' }), era, { messages: [{ role: 'user', content: text('Explain execution e1.') }] }, false);
      });

      it('an unknown prompt is -32602', async () => {
        await expectError(get('nope'), era, { code: -32602, message: 'Unknown prompt: nope' });
      });

      it('a prompt the role forbids is answered exactly as one that does not exist, and does not run', async () => {
        const prompts = app.get(FixturePrompts);
        const before = prompts.builds;
        await expectError(get('admin_report'), era, { code: -32602, message: 'Unknown prompt: admin_report' });
        expect(prompts.builds).toBe(before);
        await expectResult(
          get('admin_report', undefined, 'token-admin'),
          era,
          { description: 'Admins only', messages: [{ role: 'user', content: text('Report on every organization.') }] },
          false,
        );
      });

      it('a missing scope is 403 insufficient_scope, and the method does not run', async () => {
        const prompts = app.get(FixturePrompts);
        const before = prompts.builds;
        await expectInsufficientScope(get('draft_note'), 'prompt');
        expect(prompts.builds).toBe(before);
      });

      it.each([
        ['a required argument is missing', 'investigate', { status: 'failed' }, 'Invalid params: missing required argument(s): period'],
        ['the DTO refuses a value', 'investigate', { period: 'May' }, 'period must look like YYYY-MM'],
        ['the DTO refuses an extra argument', 'investigate', { period: '2024-05', extra: 'x' }, 'property extra should not exist'],
        ['an argument is not a string', 'explain', { execution_id: 7 }, 'Invalid params: "arguments" must be an object of strings'],
        ['arguments is not an object', 'explain', ['e1'], 'Invalid params: "arguments" must be an object'],
        ['the method throws NotFoundException', 'explain', { execution_id: 'gone' }, 'Execution not found'],
      ])('-32602 when %s', async (_, name, args, message) => {
        await expectError(get(name, args), era, { code: -32602, message });
      });

      it('a name of the wrong type is -32602', async () => {
        await expectError(get(7), era, { code: -32602, message: 'Invalid params: "name" must be a string' });
      });

      it('anything unexpected (a throw, or a result that is not messages) is 500 -32603, leaking nothing', async () => {
        await expectInternalError(get('explain', { execution_id: 'boom' }), '/srv/prompts');
        await expectInternalError(get('explain', { execution_id: 'weird' }), 'FixturePrompts');
      });
    });

    describe('completion/complete', () => {
      const complete = (ref: Record<string, unknown>, name: string, value: string, token?: string, context?: Record<string, unknown>) =>
        send('completion/complete', { ref, argument: { name, value }, ...(context ? { context } : {}) }, token);
      const investigate = { type: 'ref/prompt', name: 'investigate' };
      const completion = (values: string[], total = values.length, hasMore = false) => ({ completion: { values, total, hasMore } });

      it('sends at most 100 values, with the total and hasMore', async () => {
        await expectResult(complete(investigate, 'period', ''), era, completion(FIXTURE_PERIODS.slice(0, 100), 150, true), false);
        await expectResult(complete(investigate, 'period', '202'), era, completion(FIXTURE_PERIODS.slice(60), 90, false), false);
      });

      it.each([
        [
          'a prompt argument, by prefix',
          investigate,
          'period',
          '2024',
          undefined,
          completion(['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12']),
        ],
        ['a prompt argument, with the arguments already chosen', investigate, 'status', '', { arguments: { period: '2015-03' } }, completion(['failed'])],
        ['a decorated method', investigate, 'status', 'c', undefined, completion(['cancelled'])],
        ['a template variable', { type: 'ref/resource', uri: 'fixture://notes/{id}' }, 'id', '1', undefined, completion(['1', '10', '12'])],
        ['an argument without a completion method', { type: 'ref/resource', uri: 'fixture://reports/{period}.csv' }, 'period', '20', undefined, completion([])],
        ['an undeclared argument', investigate, 'colour', 'r', undefined, completion([])],
      ])('completes %s', async (_, ref, name, value, context, expected) => {
        await expectResult(complete(ref, name, value, undefined, context), era, expected, false);
      });

      it('gives an undecorated method (caller, value, context)', async () => {
        const ref = { type: 'ref/resource', uri: 'fixture://orgs/{org}/notes/{id}' };
        await expectResult(complete(ref, 'id', '5', 'token-admin', { arguments: { org: 'org-z' } }), era, completion(['org-z:51', `id:${era}`]), false);
        await expectResult(complete(ref, 'id', '5', 'token-admin'), era, completion(['org-b:51', `id:${era}`]), false);
      });

      it.each([
        ['an unknown prompt', { type: 'ref/prompt', name: 'nope' }, 'x', '', 'Unknown prompt: nope'],
        ['a prompt the role forbids, exactly as unknown', { type: 'ref/prompt', name: 'admin_report' }, 'scope', '', 'Unknown prompt: admin_report'],
        ['an unknown template', { type: 'ref/resource', uri: 'fixture://nope/{x}' }, 'x', '', 'Unknown resource template: fixture://nope/{x}'],
        [
          'a template the role forbids, exactly as unknown',
          { type: 'ref/resource', uri: 'fixture://orgs/{org}/notes/{id}' },
          'id',
          '',
          'Unknown resource template: fixture://orgs/{org}/notes/{id}',
        ],
        ['a ref of another type', { type: 'ref/tool', name: 'echo' }, 'x', '', 'Invalid params: "ref.type" must be "ref/prompt" or "ref/resource"'],
        ['a client error of the method', investigate, 'status', 'fa!', 'No punctuation in a status'],
      ])('-32602 for %s', async (_, ref, name, value, message) => {
        await expectError(complete(ref, name, value), era, { code: -32602, message });
      });

      it('params of the wrong shape are -32602', async () => {
        await expectError(send('completion/complete', { ref: investigate }), era, { code: -32602, message: 'Invalid params: "argument" must be an object' });
        await expectError(send('completion/complete', { ref: investigate, argument: { name: 'period', value: 2 } }), era, {
          code: -32602,
          message: 'Invalid params: "argument.value" must be a string',
        });
        await expectError(
          send('completion/complete', { ref: investigate, argument: { name: 'period', value: '' }, context: { arguments: { status: 1 } } }),
          era,
          { code: -32602, message: 'Invalid params: "context.arguments" must be an object of strings' },
        );
        await expectError(send('completion/complete', { ref: { type: 'ref/prompt' }, argument: { name: 'period', value: '' } }), era, {
          code: -32602,
          message: 'Invalid params: "ref.name" must be a string',
        });
      });

      it('a missing scope for the prompt is 403 insufficient_scope', async () => {
        await expectInsufficientScope(complete({ type: 'ref/prompt', name: 'draft_note' }, 'x', ''), 'prompt');
      });

      it('anything unexpected (a throw, or a result that is not strings) is 500 -32603, leaking nothing', async () => {
        await expectInternalError(complete(investigate, 'status', 'boom'), 'exploded');
        await expectInternalError(complete(investigate, 'status', 'weird'), 'FixturePrompts');
      });

      it('the role filter applies to completions too: an admin gets them', async () => {
        const ref = { type: 'ref/prompt', name: 'admin_report' };
        await expectResult(complete(ref, 'scope', '', 'token-admin'), era, completion(['all']), false);
      });
    });
  });

  it('announces resources, prompts and completions in server/discover and initialize', async () => {
    expect((await rpc(app, '2026', 'server/discover')).body.result.capabilities).toEqual({ tools: {}, resources: {}, prompts: {}, completions: {} });
    expect((await rpc(app, '2025', 'initialize', { protocolVersion: '2025-06-18' })).body.result.capabilities).toEqual({
      tools: { listChanged: false },
      resources: { subscribe: false, listChanged: false },
      prompts: { listChanged: false },
      completions: {},
    });
  });

  describe('era 2026 headers', () => {
    it('Mcp-Name, when sent on resources/read or prompts/get, must equal the uri or name', async () => {
      const read = (name: string) => rpc(app, '2026', 'resources/read', { uri: 'fixture://guide' }, { name });
      expect((await read('fixture://guide')).status).toBe(200);
      expect((await read(`=?base64?${Buffer.from('fixture://guide').toString('base64')}?=`)).status).toBe(200);
      expect((await read('fixture://organization')).body.error).toEqual({ code: -32020, message: 'Header mismatch: Mcp-Name' });
      const get = (name: string) => rpc(app, '2026', 'prompts/get', { name: 'explain', arguments: { execution_id: 'e1' } }, { name });
      expect((await get('explain')).status).toBe(200);
      expect((await get('investigate')).body.error).toEqual({ code: -32020, message: 'Header mismatch: Mcp-Name' });
    });
  });
});

import { Injectable, INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { McpArgs, McpConfirmationStore, McpMemoryConfirmationStore, McpModule, McpTool } from '@kobana/mcp';
import type { McpApproval, McpNewApproval, McpToolConfirmation } from '@kobana/mcp';
import { call2025, call2026, ConfirmationTools, createConfirmationApp, decide, NoteIdDto } from './support/confirmation.fixture';
import { FixtureVerifier } from './support/fixture.verifier';

const ACCEPT = { confirm: { action: 'accept', content: { confirm: true } } };
const NOT_FOUND = { message: 'Note not found', error: 'Not Found', statusCode: 404 };

/** The module's default store, keeping every approval it was asked to create, so a test proves none was. */
class RecordingStore extends McpMemoryConfirmationStore {
  readonly created: McpNewApproval[] = [];

  override async createApproval(approval: McpNewApproval): Promise<McpApproval> {
    this.created.push(approval);
    return super.createApproval(approval);
  }
}

describe('Confirmation that needs the person, and arguments checked before anyone is asked (docs/protocol.md §7)', () => {
  let app: INestApplication;
  let tools: ConfirmationTools;
  let store: RecordingStore;
  beforeEach(async () => {
    store = new RecordingStore();
    app = await createConfirmationApp({ confirmationStore: store });
    tools = app.get(ConfirmationTools);
  });
  afterEach(() => app.close());

  it('requirePerson: an era-2026 client with elicitation gets the approval link, not a question it could answer itself', async () => {
    const first = await call2026(app, 'share_note', { id: 'n1' });
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ resultType: 'complete', structuredContent: { status: 'approval_required' } });
    expect(first.body.result.inputRequests).toBeUndefined();
    const { approval_id: id } = first.body.result.structuredContent;
    const approval = await app.get<McpConfirmationStore>(McpConfirmationStore).findApproval(id);
    expect(approval).toMatchObject({ tool: 'share_note', summary: 'note "Shopping list"', status: 'pending' });

    // Answering its own "question" with a forged or absent state changes nothing: the link again, nothing ran.
    const selfAnswered = await call2026(app, 'share_note', { id: 'n1' }, { id: 2, retry: { inputResponses: ACCEPT, requestState: 'forged.state' } });
    expect(selfAnswered.body.result.structuredContent).toMatchObject({ status: 'approval_required', approval_id: id });
    expect(tools.deleted).toEqual([]);

    // Only the person's Continue on the page lets the identical call run, once.
    await decide(app, id, 'approved');
    const ran = await call2026(app, 'share_note', { id: 'n1' }, { id: 3 });
    expect(ran.body.result.structuredContent).toEqual({ shared: 'n1' });
    expect(tools.deleted).toEqual(['shared:note "Shopping list"']);
  });

  it('a state signed for another tool cannot stand in for the person either', async () => {
    const asked = await call2026(app, 'purge_note', { id: 'n1' });
    const requestState = asked.body.result.requestState as string;
    const response = await call2026(app, 'share_note', { id: 'n1' }, { id: 2, retry: { inputResponses: ACCEPT, requestState } });
    expect(response.body.result.structuredContent.status).toBe('approval_required');
    expect(tools.deleted).toEqual([]);
  });

  it('the module default confirmationRequiresPerson sends every destructive tool to the page', async () => {
    await app.close();
    app = await createConfirmationApp({ confirmationRequiresPerson: true });
    const response = await call2026(app, 'delete_note', { id: 'n1' });
    expect(response.body.result.structuredContent.status).toBe('approval_required');
  });

  it('without requirePerson the describe hook words the elicitation message', async () => {
    const response = await call2026(app, 'purge_note', { id: 'n2' });
    expect(response.body.result.resultType).toBe('input_required');
    expect(response.body.result.inputRequests.confirm.params.message).toBe('Purge note: note "Travel plans". This cannot be undone. Continue?');
  });

  it.each([
    ['era 2026 with elicitation', 'purge_note', (args: Record<string, unknown>) => call2026(app, 'purge_note', args)],
    ['era 2026, person required', 'share_note', (args: Record<string, unknown>) => call2026(app, 'share_note', args)],
    ['era 2025', 'share_note', (args: Record<string, unknown>) => call2025(app, 'share_note', args)],
  ])('%s: another organization’s id gets the route’s 404 as isError, with no approval and no requestState', async (_case, _tool, send) => {
    const response = await send({ id: 'n9' });
    expect(response.status).toBe(200);
    const result = response.body.result;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(JSON.parse(result.content[0].text)).toEqual(NOT_FOUND);
    expect(result.requestState).toBeUndefined();
    expect(result.inputRequests).toBeUndefined();
    expect(store.created).toEqual([]);
    expect(tools.deleted).toEqual([]);
  });

  it('arguments that fail the DTO get the 400 as isError before the hook or anyone is asked', async () => {
    const response = await call2026(app, 'share_note', { id: 'x'.repeat(101) });
    expect(response.body.result.isError).toBe(true);
    expect(JSON.parse(response.body.result.content[0].text)).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(tools.described).toBe(0);
    expect(store.created).toEqual([]);
    const unknownField = await call2026(app, 'purge_note', { id: 'n1', extra: 1 });
    expect(unknownField.body.result.isError).toBe(true);
    expect(JSON.parse(unknownField.body.result.content[0].text)).toMatchObject({ statusCode: 400, message: ['property extra should not exist'] });
    expect(unknownField.body.result.requestState).toBeUndefined();
  });

  it('a tool without a hook still takes one decorator: title and arguments, as before', async () => {
    const response = await call2026(app, 'delete_note', { id: 'n1' });
    expect(response.body.result.inputRequests.confirm.params.message).toBe('Delete note will run with id: "n1". This cannot be undone. Continue?');
    const link = await call2025(app, 'delete_note', { id: 'n1' });
    const approval = await app.get<McpConfirmationStore>(McpConfirmationStore).findApproval(link.body.result.structuredContent.approval_id);
    expect(approval?.summary).toBeNull();
  });
});

describe('confirmation options are checked at start-up', () => {
  const startWith = async (confirmation: McpToolConfirmation, destructive = true) => {
    @Injectable()
    class BadTools {
      @McpTool({ name: 'bad_tool', description: 'Bad', annotations: { destructiveHint: destructive }, confirmation })
      run(@McpArgs() args: NoteIdDto) {
        return args;
      }
    }
    @Module({ providers: [BadTools, FixtureVerifier], exports: [FixtureVerifier] })
    class BadModule {}
    const moduleRef = await Test.createTestingModule({
      imports: [
        BadModule,
        McpModule.forRootAsync({
          imports: [BadModule],
          inject: [FixtureVerifier],
          useFactory: (verifier: FixtureVerifier) => ({ serverInfo: { name: 'bad', version: '0.0.1' }, verifier }),
        }),
      ],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    try {
      await app.init();
    } finally {
      await app.close();
    }
  };

  it('a describe hook that is not a method of the provider stops start-up', async () => {
    await expect(startWith({ describe: 'describeMissing' })).rejects.toThrow(
      'MCP tool "bad_tool": "confirmation.describe" names BadTools.describeMissing, which is not a method of that provider',
    );
  });

  it('confirmation on a tool that is not destructive stops start-up', async () => {
    await expect(startWith({ requirePerson: true }, false)).rejects.toThrow(
      'MCP tool "bad_tool" declares "confirmation" but not "destructiveHint: true": only destructive tools are confirmed',
    );
  });

  it('a requirePerson that is not a boolean stops start-up', async () => {
    await expect(startWith({ requirePerson: 'yes' as unknown as boolean })).rejects.toThrow(
      'MCP tool "bad_tool": "confirmation.requirePerson" must be true or false',
    );
  });
});

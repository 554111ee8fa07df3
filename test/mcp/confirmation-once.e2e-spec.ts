/**
 * A confirmed destructive call does the gate's work once: the arguments are
 * validated once (the call takes the DTO the gate validated), and the tool's
 * `describe` hook, a database read in the hosts, runs only when the call is
 * answered without running (a question, a link, a refusal), never on the
 * call that runs. A record that vanished meanwhile is answered exactly as
 * when the hook ran first: the route's 404, whichever call meets it.
 */
import { INestApplication, Injectable, Module, NotFoundException } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { IsString, MaxLength } from 'class-validator';
import { McpArgs, McpCaller, McpConfirmationStore, McpModule, McpProviderInvoker, McpTool } from '@kobana/mcp';
import type { McpCaller as Caller } from '@kobana/mcp';
import { call2025, call2026, CONFIRMATION_SECRET, decide } from './support/confirmation.fixture';
import { FixtureVerifier } from './support/fixture.verifier';

class SecretIdDto {
  @IsString()
  @MaxLength(100)
  id!: string;
}

/** Secrets by organization; the tools and their hook count what they do. */
@Injectable()
class VaultTools {
  readonly secrets: Record<string, Record<string, string>> = { 'org-a': { s1: 'Bank token', s2: 'Mail password' } };
  readonly erased: string[] = [];
  /** The DTO instances each tool call received, to prove it is the one the gate validated. */
  readonly received: SecretIdDto[] = [];
  described = 0;

  @McpTool({
    name: 'erase_secret',
    title: 'Erase secret',
    description: 'Erases a secret',
    annotations: { destructiveHint: true },
    confirmation: { describe: 'describeSecret' },
  })
  erase(@McpCaller() caller: Caller, @McpArgs() args: SecretIdDto) {
    this.received.push(args);
    // The same lookup and the same 404 as the hook, as the hosts' tools do.
    const name = this.find(caller, args);
    delete this.secrets[caller.organization_id][args.id];
    this.erased.push(name);
    return { erased: args.id };
  }

  @McpTool({
    name: 'reveal_secret',
    title: 'Reveal secret',
    description: 'Shows a secret in the clear',
    annotations: { destructiveHint: true },
    confirmation: { requirePerson: true, describe: 'describeSecret' },
  })
  reveal(@McpCaller() caller: Caller, @McpArgs() args: SecretIdDto) {
    this.received.push(args);
    return { revealed: this.find(caller, args) };
  }

  describeSecret(caller: Caller, args: SecretIdDto): string {
    this.described += 1;
    return `secret "${this.find(caller, args)}"`;
  }

  private find(caller: Caller, args: SecretIdDto): string {
    const name = this.secrets[caller.organization_id]?.[args.id];
    if (name === undefined) throw new NotFoundException('Secret not found');
    return name;
  }
}

@Module({ providers: [VaultTools, FixtureVerifier], exports: [VaultTools, FixtureVerifier] })
class VaultModule {}

const NOT_FOUND = { message: 'Secret not found', error: 'Not Found', statusCode: 404 };
/** The route's 404 as the tool's result: what the hook's refusal answered, and what the tool answers itself. */
const NOT_FOUND_RESULT = { content: [{ type: 'text', text: JSON.stringify(NOT_FOUND) }], isError: true };
const ACCEPT = { confirm: { action: 'accept', content: { confirm: true } } };

describe('A confirmed destructive call validates once and describes only when it asks', () => {
  let app: INestApplication;
  let vault: VaultTools;
  let store: McpConfirmationStore;
  let validations: jest.SpyInstance;

  beforeEach(async () => {
    validations = jest.spyOn(McpProviderInvoker.prototype as unknown as { validate: () => Promise<unknown> }, 'validate');
    const moduleRef = await Test.createTestingModule({
      imports: [
        VaultModule,
        McpModule.forRootAsync({
          imports: [VaultModule],
          inject: [FixtureVerifier],
          useFactory: (verifier: FixtureVerifier) => ({
            serverInfo: { name: 'vault', version: '0.0.1' },
            verifier,
            publicUrl: 'http://mcp.test',
            confirmationSecret: CONFIRMATION_SECRET,
          }),
        }),
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    vault = app.get(VaultTools);
    store = app.get<McpConfirmationStore>(McpConfirmationStore);
  });
  afterEach(async () => {
    validations.mockRestore();
    await app.close();
  });

  /** The approval link of a first era-2025 call, after which the counters start over. */
  const link = async (tool: string, id: string) => {
    const response = await call2025(app, tool, { id });
    expect(response.body.result.structuredContent.status).toBe('approval_required');
    validations.mockClear();
    vault.described = 0;
    return response.body.result.structuredContent.approval_id as string;
  };

  /** The `requestState` of a first era-2026 call that asked in the chat, after which the counters start over. */
  const asked = async (id: string) => {
    const response = await call2026(app, 'erase_secret', { id });
    expect(response.body.result.resultType).toBe('input_required');
    validations.mockClear();
    vault.described = 0;
    return response.body.result.requestState as string;
  };

  it('by link: the hook words the new approval; the approved call runs on the DTO validated once, without the hook', async () => {
    const first = await call2025(app, 'erase_secret', { id: 's1' });
    expect(vault.described).toBe(1);
    expect(validations).toHaveBeenCalledTimes(1);
    const approvalId = first.body.result.structuredContent.approval_id;
    expect(await store.findApproval(approvalId)).toMatchObject({ summary: 'secret "Bank token"', arguments: { id: 's1' } });

    await decide(app, approvalId, 'approved');
    validations.mockClear();
    vault.described = 0;
    const ran = await call2025(app, 'erase_secret', { id: 's1' });
    expect(ran.body.result).toEqual({ content: [{ type: 'text', text: '{"erased":"s1"}' }], structuredContent: { erased: 's1' } });
    expect(vault.described).toBe(0);
    expect(validations).toHaveBeenCalledTimes(1);
    expect(vault.received).toHaveLength(1);
    expect(vault.received[0]).toBeInstanceOf(SecretIdDto);
    expect(await validations.mock.results[0].value).toBe(vault.received[0]);
    expect(vault.erased).toEqual(['Bank token']);
  });

  it('in the chat: the hook words the question; the accepted retry runs on the DTO validated once, without the hook', async () => {
    const first = await call2026(app, 'erase_secret', { id: 's1' });
    expect(first.body.result.inputRequests.confirm.params.message).toBe('Erase secret: secret "Bank token". This cannot be undone. Continue?');
    expect(vault.described).toBe(1);
    validations.mockClear();
    vault.described = 0;
    const ran = await call2026(app, 'erase_secret', { id: 's1' }, { id: 2, retry: { inputResponses: ACCEPT, requestState: first.body.result.requestState } });
    expect(ran.body.result.structuredContent).toEqual({ erased: 's1' });
    expect(vault.described).toBe(0);
    expect(validations).toHaveBeenCalledTimes(1);
    expect(await validations.mock.results[0].value).toBe(vault.received[0]);
  });

  it('a tool that requires the person: the approved call too', async () => {
    const approvalId = await link('reveal_secret', 's2');
    await decide(app, approvalId, 'approved');
    const ran = await call2025(app, 'reveal_secret', { id: 's2' });
    expect(ran.body.result.structuredContent).toEqual({ revealed: 'Mail password' });
    expect(validations).toHaveBeenCalledTimes(1);
    expect(vault.described).toBe(0);
  });

  describe('a record that vanished meanwhile answers as when the hook ran first', () => {
    const vanish = (id: string) => delete vault.secrets['org-a'][id];

    it('approved: the route’s 404 from the tool itself, the same result', async () => {
      const approvalId = await link('erase_secret', 's1');
      await decide(app, approvalId, 'approved');
      vanish('s1');
      const response = await call2025(app, 'erase_secret', { id: 's1' });
      expect(response.body).toEqual({ jsonrpc: '2.0', id: 1, result: NOT_FOUND_RESULT });
      expect(vault.erased).toEqual([]);
      // The one difference: the approval was spent on the call that met the 404 (the hook no longer stands before it).
      expect(await store.findApproval(approvalId)).toMatchObject({ status: 'consumed' });
      // And every identical call after it: nothing open, so a new approval would be asked, and the hook refuses it.
      expect((await call2025(app, 'erase_secret', { id: 's1' })).body.result).toEqual(NOT_FOUND_RESULT);
    });

    it('pending: the 404, not the link; the approval stays as it was', async () => {
      const approvalId = await link('erase_secret', 's1');
      vanish('s1');
      expect((await call2025(app, 'erase_secret', { id: 's1' })).body.result).toEqual(NOT_FOUND_RESULT);
      expect(await store.findApproval(approvalId)).toMatchObject({ status: 'pending', closed_at: null });
    });

    it('cancelled on the page: the 404, and the approval is not closed by it', async () => {
      const approvalId = await link('erase_secret', 's1');
      await decide(app, approvalId, 'cancelled');
      vanish('s1');
      expect((await call2025(app, 'erase_secret', { id: 's1' })).body.result).toEqual(NOT_FOUND_RESULT);
      expect(await store.findApproval(approvalId)).toMatchObject({ status: 'cancelled', closed_at: null });
    });

    it('in the chat, accepted: the 404 from the tool; declined, or a forged state: the 404 too, as before', async () => {
      const state = await asked('s1');
      vanish('s1');
      const retry = (requestState: string, inputResponses: Record<string, unknown>) =>
        call2026(app, 'erase_secret', { id: 's1' }, { id: 2, retry: { inputResponses, requestState } });
      expect((await retry(state, { confirm: { action: 'decline' } })).body.result).toMatchObject(NOT_FOUND_RESULT);
      expect((await retry('forged.state', ACCEPT)).body.result).toMatchObject(NOT_FOUND_RESULT);
      expect((await retry(state, { confirm: { action: 'shrug' } })).body.result).toMatchObject(NOT_FOUND_RESULT);
      expect((await retry(state, ACCEPT)).body.result).toMatchObject(NOT_FOUND_RESULT);
      expect(vault.erased).toEqual([]);
    });
  });
});

import { Injectable, INestApplication, Module, NotFoundException } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { McpArgs, McpCaller, McpConfirmationStore, McpModule, McpTool } from '@kobana/mcp';
import type { McpCaller as Caller, McpModuleOptions } from '@kobana/mcp';
import { FixtureVerifier } from './fixture.verifier';

/** Arguments of the destructive fixture tools. */
export class NoteIdDto {
  @IsString()
  @MaxLength(100)
  id!: string;

  @IsOptional()
  @IsString()
  idempotency_key?: string;
}

/** Destructive tools that count their effects, so tests prove how often they ran. */
@Injectable()
export class ConfirmationTools {
  deleted: string[] = [];

  @McpTool({ name: 'delete_note', title: 'Delete note', description: 'Deletes a note for good', annotations: { destructiveHint: true } })
  deleteNote(@McpArgs() args: NoteIdDto) {
    this.deleted.push(args.id);
    return { deleted: args.id };
  }

  @McpTool({ name: 'archive_note', title: 'Archive note', description: 'Archives a note', annotations: { destructiveHint: true } })
  archiveNote(@McpArgs() args: NoteIdDto) {
    this.deleted.push(`archived:${args.id}`);
    return { archived: args.id };
  }

  /** Notes by organization, for the `describe` hooks: another organization's id is "not found". */
  readonly notes: Record<string, Record<string, string>> = { 'org-a': { n1: 'Shopping list', n2: 'Travel plans' }, 'org-b': { n9: 'Board minutes' } };
  /** How often the hook ran, so tests prove it runs before anything is asked. */
  described = 0;

  @McpTool({
    name: 'share_note',
    title: 'Share note',
    description: 'Shares a note with the public',
    annotations: { destructiveHint: true },
    confirmation: { requirePerson: true, describe: 'describeNote' },
  })
  shareNote(@McpCaller() caller: Caller, @McpArgs() args: NoteIdDto) {
    this.deleted.push(`shared:${this.describeNote(caller, args)}`);
    return { shared: args.id };
  }

  @McpTool({
    name: 'purge_note',
    title: 'Purge note',
    description: 'Purges a note',
    annotations: { destructiveHint: true },
    confirmation: { describe: 'describeNote' },
  })
  purgeNote(@McpCaller() caller: Caller, @McpArgs() args: NoteIdDto) {
    this.describeNote(caller, args);
    this.deleted.push(`purged:${args.id}`);
    return { purged: args.id };
  }

  /** The words the person reads; 404 for a note not in the caller's organization, as a route would answer. */
  describeNote(caller: Caller, args: NoteIdDto): string {
    this.described += 1;
    if (!(args instanceof NoteIdDto)) throw new Error('the hook must receive the validated DTO');
    const title = this.notes[caller.organization_id]?.[args.id];
    if (title === undefined) throw new NotFoundException('Note not found');
    return `note "${title}"`;
  }
}

@Module({ providers: [ConfirmationTools, FixtureVerifier], exports: [ConfirmationTools, FixtureVerifier] })
class ConfirmationToolsModule {}

/** Fakes `Date` only, so a test moves the clock while HTTP, timers and promises run for real. */
export const FAKE_DATE_ONLY: {
  doNotFake: Array<'nextTick' | 'setImmediate' | 'setTimeout' | 'setInterval' | 'clearTimeout' | 'clearInterval' | 'queueMicrotask' | 'hrtime' | 'performance'>;
} = {
  doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'],
};

/** A fixed key, so tests can forge states with another one. */
export const CONFIRMATION_SECRET = 'confirmation-test-secret-0123456789abcdef';

/** The fixture host with only the destructive tools, on the module's default (in-memory) store. */
export async function createConfirmationApp(overrides: Partial<McpModuleOptions> = {}): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfirmationToolsModule,
      McpModule.forRootAsync({
        imports: [ConfirmationToolsModule],
        inject: [FixtureVerifier],
        useFactory: (verifier: FixtureVerifier) => ({
          serverInfo: { name: 'fixture', title: 'Fixture', version: '0.0.1' },
          verifier,
          publicUrl: 'http://mcp.test',
          confirmationSecret: CONFIRMATION_SECRET,
          ...overrides,
        }),
      }),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

/** Capabilities of an era-2026 client that can be asked in the chat. */
export const WITH_ELICITATION = { elicitation: {} };

/** An era-2026 `tools/call`, with the given client capabilities and retry members. */
export function call2026(
  app: INestApplication,
  name: string,
  args: Record<string, unknown>,
  options: { token?: string; capabilities?: Record<string, unknown>; id?: number; retry?: Record<string, unknown> } = {},
): request.Test {
  const { token = 'token-reader', capabilities = WITH_ELICITATION, id = 1, retry = {} } = options;
  return request(app.getHttpServer())
    .post('/mcp')
    .set({
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': name,
    })
    .send({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: {
        name,
        arguments: args,
        ...retry,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': capabilities,
          'io.modelcontextprotocol/clientInfo': { name: 'chat-client', version: '1.0.0' },
        },
      },
    });
}

/** An era-2025 `tools/call`. */
export function call2025(app: INestApplication, name: string, args: Record<string, unknown>, token = 'token-reader', id = 1): request.Test {
  return request(app.getHttpServer())
    .post('/mcp')
    .set({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' })
    .send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
}

/** Decides an approval as the person would on the host's page, through the module's store. */
export async function decide(app: INestApplication, approvalId: string, decision: 'approved' | 'cancelled', by = 'u1'): Promise<void> {
  const decided = await app.get<McpConfirmationStore>(McpConfirmationStore).decideApproval(approvalId, decision, by, new Date());
  if (!decided) throw new Error(`approval ${approvalId} was not pending`);
}

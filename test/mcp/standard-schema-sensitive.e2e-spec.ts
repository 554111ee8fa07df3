/**
 * Sensitive arguments of tools declared with a Standard Schema: a property
 * whose JSON Schema carries `"x-mcp-sensitive": true` (Zod's `.meta()`,
 * Valibot's `v.metadata()`, ArkType's `.configure()`, or a hand-written
 * `inputSchema`) is treated as `@McpSensitive()` treats a DTO's: the stored
 * audit event lacks it at every depth, an approval stores `(hidden)` in its
 * place, and the method still receives it. The keyword is not listed, so a
 * strict validator compiles the listed schema; misplaced marks stop start-up.
 */
import { INestApplication, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { z } from 'zod';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import Ajv2020 from 'ajv/dist/2020';
import { McpArgs, McpAuditEvent, McpConfirmationStore, McpModule, McpTool, X_MCP_SENSITIVE } from '@kobana/mcp';
import { McpTestClient } from '@kobana/mcp/testing';
import { FixtureVerifier } from './support/fixture.verifier';
import { startWithProvider } from './support/fixture.app';
import { eventually } from '../support/eventually';

jest.setTimeout(30_000);

const CARD = '4111111111111111';
const PIN = '9876';
const COUPON = 'STAFF-ONLY-77';

/** Zod: a nested card number, a nullable pin, and a coupon inside each item of an array. */
const ChargeZod = z.object({
  amount: z.number().int().min(1),
  card: z.object({
    number: z
      .string()
      .min(12)
      .meta({ [X_MCP_SENSITIVE]: true }),
    holder: z.string(),
  }),
  pin: z
    .string()
    .nullable()
    .meta({ [X_MCP_SENSITIVE]: true }),
  items: z
    .array(
      z.object({
        sku: z.string(),
        coupon: z
          .string()
          .optional()
          .meta({ [X_MCP_SENSITIVE]: true }),
      }),
    )
    .default([]),
});

const ChargeValibot = toStandardJsonSchema(
  v.object({ amount: v.number(), card: v.pipe(v.string(), v.minLength(12), v.metadata({ [X_MCP_SENSITIVE]: true })) }),
);

declare global {
  /** ArkType takes metadata keys its `ArkEnv.meta` declares: how an application lets `.configure()` carry the mark. */
  interface ArkEnv {
    meta(): { 'x-mcp-sensitive'?: boolean };
  }
}

const ChargeArk = type({ amount: 'number', card: type('string >= 12').configure({ [X_MCP_SENSITIVE]: true }) });

/** What each tool answers: whether the method got the secret, never the secret itself. */
const received = (args: { card: string | { number: string } }) => ({
  last4: (typeof args.card === 'string' ? args.card : args.card.number).slice(-4),
});

@Injectable()
class PaymentsService {
  @McpTool({ name: 'zod_charge', description: 'Charges a card (Zod)', input: ChargeZod })
  zod(@McpArgs() args: z.output<typeof ChargeZod>) {
    return { ...received(args), pin: args.pin === PIN, coupons: args.items.filter((item) => item.coupon === COUPON).length };
  }

  @McpTool({ name: 'valibot_charge', description: 'Charges a card (Valibot)', input: ChargeValibot })
  valibot(@McpArgs() args: { amount: number; card: string }) {
    return received(args);
  }

  @McpTool({ name: 'ark_charge', description: 'Charges a card (ArkType)', input: ChargeArk })
  ark(@McpArgs() args: typeof ChargeArk.infer) {
    return received(args);
  }

  @McpTool({
    name: 'raw_charge',
    description: 'Charges a card (hand-written inputSchema)',
    inputSchema: { type: 'object', properties: { amount: { type: 'number' }, card: { type: 'string', [X_MCP_SENSITIVE]: true } }, required: ['card'] },
  })
  raw(@McpArgs() args: { card: string }) {
    return received(args);
  }

  @McpTool({
    name: 'zod_card_forget',
    description: 'Forgets a stored card (Zod)',
    input: z.object({ id: z.string(), card: z.string().meta({ [X_MCP_SENSITIVE]: true }) }),
    annotations: { destructiveHint: true },
  })
  forget(@McpArgs() args: { id: string; card: string }) {
    return { id: args.id, ...received(args) };
  }
}

@Module({ providers: [PaymentsService, FixtureVerifier], exports: [FixtureVerifier] })
class PaymentsModule {}

describe('x-mcp-sensitive in a Standard Schema: left out of the audit trail, hidden on approvals, never listed', () => {
  let app: INestApplication;
  let mcp: McpTestClient;
  const events: McpAuditEvent[] = [];

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        PaymentsModule,
        McpModule.forRootAsync({
          imports: [PaymentsModule],
          inject: [FixtureVerifier],
          useFactory: (verifier: FixtureVerifier) => ({
            serverInfo: { name: 'sensitive-fixture', version: '0.0.1' },
            verifier,
            publicUrl: 'http://127.0.0.1',
            auditSink: { write: (event: McpAuditEvent) => void events.push(event) },
          }),
        }),
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    mcp = await McpTestClient.create(app, { token: 'token-writer' });
  });
  afterAll(() => app.close());

  /** The audit event of the next call of `tool`, once written. */
  const eventOf = (tool: string, after: number) =>
    eventually(async () => events.slice(after).find((event) => event.tool === tool && event.method === 'tools/call'), 5_000);

  it('lists each schema without the keyword, its constraints kept, and a strict validator compiles it', async () => {
    const tools = Object.fromEntries((await mcp.listTools()).map((tool) => [tool.name, tool]));
    const strict = new Ajv2020({ strict: true });
    for (const name of ['zod_charge', 'valibot_charge', 'ark_charge', 'raw_charge', 'zod_card_forget']) {
      expect(JSON.stringify(tools[name].inputSchema)).not.toContain(X_MCP_SENSITIVE);
      expect(() => strict.compile(tools[name].inputSchema)).not.toThrow();
    }
    expect(tools.zod_charge.inputSchema.properties.card).toEqual({
      type: 'object',
      properties: { number: { type: 'string', minLength: 12 }, holder: { type: 'string' } },
      required: ['number', 'holder'],
    });
    expect(tools.zod_charge.inputSchema.properties.pin).toEqual({ type: ['string', 'null'] });
    expect(tools.valibot_charge.inputSchema.properties.card).toEqual({ type: 'string', minLength: 12 });
    expect(tools.ark_charge.inputSchema.properties.card).toEqual({ type: 'string', minLength: 12 });
    expect(tools.raw_charge.inputSchema.properties.card).toEqual({ type: 'string' });
    // Without the keyword the strict validator refuses the schema: what the listing spares clients.
    expect(() => strict.compile({ type: 'object', properties: { card: { type: 'string', [X_MCP_SENSITIVE]: true } } })).toThrow(/unknown keyword/);
  });

  it('Zod: the stored event lacks the card number, the pin and each coupon; the method got them all', async () => {
    const args = { amount: 5, card: { number: CARD, holder: 'Ana' }, pin: PIN, items: [{ sku: 'a', coupon: COUPON }, { sku: 'b' }] };
    const before = events.length;
    const outcome = await mcp.callTool('zod_charge', args);
    expect(outcome.isError).toBe(false);
    expect(outcome.structuredContent).toEqual({ last4: '1111', pin: true, coupons: 1 });
    const event = await eventOf('zod_charge', before);
    expect(event).toMatchObject({ outcome: 'success', arguments: { amount: 5, card: { holder: 'Ana' }, items: [{ sku: 'a' }, { sku: 'b' }] } });
    expect(Object.keys(event.arguments!).sort()).toEqual(['amount', 'card', 'items']);
    for (const secret of [CARD, PIN, COUPON]) expect(JSON.stringify(event)).not.toContain(secret);
  });

  it('a refused call is stored without the marked values too', async () => {
    const before = events.length;
    const outcome = await mcp.callTool('zod_charge', { amount: 0, card: { number: CARD, holder: 'Ana' }, pin: null });
    expect(outcome.isError).toBe(true);
    const event = await eventOf('zod_charge', before);
    expect(event.arguments).toEqual({ amount: 0, card: { holder: 'Ana' } });
    expect(JSON.stringify(event)).not.toContain(CARD);
  });

  for (const tool of ['valibot_charge', 'ark_charge', 'raw_charge']) {
    it(`${tool}: the stored event lacks the card, the method got it`, async () => {
      const before = events.length;
      const outcome = await mcp.callTool(tool, { amount: 5, card: CARD });
      expect(outcome.structuredContent).toEqual({ last4: '1111' });
      const event = await eventOf(tool, before);
      expect(event.arguments).toEqual({ amount: 5 });
    });
  }

  it('a destructive tool’s approval stores (hidden) for the card; the approved call runs with it', async () => {
    // Era 2025: no elicitation, so the call gets an approval link and the approval is stored.
    const era2025 = mcp.with({ era: '2025' });
    const first = await era2025.callTool('zod_card_forget', { id: 'c1', card: CARD });
    expect(first.approval).toBeDefined();
    const approval = await app.get<McpConfirmationStore>(McpConfirmationStore).findApproval(first.approval!.id);
    expect(approval!.arguments).toEqual({ id: 'c1', card: '(hidden)' });
    const done = await era2025.approve(first);
    expect(done.structuredContent).toEqual({ id: 'c1', last4: '1111' });
  });
});

describe('x-mcp-sensitive in a Standard Schema: marks that stop start-up', () => {
  @Injectable()
  class NotBoolean {
    @McpTool({ name: 'mask_named', description: 'x', input: z.object({ card: z.string().meta({ [X_MCP_SENSITIVE]: 'last4' }) }) })
    run(@McpArgs() args: unknown) {
      return args;
    }
  }

  @Injectable()
  class WholeArguments {
    @McpTool({ name: 'all_secret', description: 'x', input: z.object({ card: z.string() }).meta({ [X_MCP_SENSITIVE]: true }) })
    run(@McpArgs() args: unknown) {
      return args;
    }
  }

  @Injectable()
  class UnderARecord {
    @McpTool({ name: 'secret_values', description: 'x', input: z.object({ cards: z.record(z.string(), z.string().meta({ [X_MCP_SENSITIVE]: true })) }) })
    run(@McpArgs() args: unknown) {
      return args;
    }
  }

  it('a value other than true or false', () =>
    expect(startWithProvider(NotBoolean)).rejects.toThrow('MCP tool "mask_named": "x-mcp-sensitive" at #/properties/card is "last4"; it takes true or false'));
  it('on the arguments as a whole', () =>
    expect(startWithProvider(WholeArguments)).rejects.toThrow('MCP tool "all_secret": "x-mcp-sensitive" at # marks no argument the audit trail can leave out'));
  it('under additionalProperties (a record), whose keys no plan can name', () =>
    expect(startWithProvider(UnderARecord)).rejects.toThrow(
      'MCP tool "secret_values": "x-mcp-sensitive" at #/properties/cards/additionalProperties marks no argument the audit trail can leave out',
    ));
});

import {
  INestApplication,
  Body,
  Controller,
  Injectable,
  Module,
  Param,
  Post,
  SerializeOptions,
  StandardSchemaSerializerInterceptor,
  StandardSchemaValidationPipe,
  StandardSchemaValidationPipeOptions,
  UseInterceptors,
} from '@nestjs/common';
import { Test, TestingModuleBuilder } from '@nestjs/testing';
import { z } from 'zod';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import { McpArgs, McpModule, McpPrompt, McpTool } from '@kobana/mcp';
import { FixtureVerifier } from './fixture.verifier';

/** The moment every thing is created at, so both sides answer the same JSON. */
export const CREATED_AT = '2026-01-02T03:04:05.000Z';

/** Zod 4: trims, coerces a numeric string, fills defaults; the route's `@Body({ schema })` and the tool share it. */
export const CreateZodThing = z.object({
  name: z.string().trim().min(2).max(40),
  quantity: z.coerce.number().int().min(1).default(1),
  tags: z.array(z.string().max(10)).max(3).default([]),
});

/** What a Zod thing is once answered: keys the service adds beyond it are stripped, as the route's serializer strips them. */
export const ZodThing = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  tags: z.array(z.string()),
  created_at: z.iso.datetime(),
});

/** Valibot: its schemas carry no JSON Schema of their own, `toStandardJsonSchema` adds it. */
const ValibotThingFields = v.object({
  name: v.pipe(v.string(), v.minLength(2), v.maxLength(40)),
  quantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
});
export const CreateValibotThing = toStandardJsonSchema(ValibotThingFields);

export const ValibotThing = toStandardJsonSchema(v.object({ id: v.string(), name: v.string(), quantity: v.number(), created_at: v.string() }));

/** ArkType: bounds in its own syntax, a default on `quantity`, and unknown keys deleted from the answer. */
export const CreateArkThing = type({ name: '2 <= string <= 40', quantity: 'number.integer >= 1 = 1' });

export const ArkThing = type({ '+': 'delete', id: 'string', name: 'string', quantity: 'number.integer', created_at: 'string' });

/** A Zod property marked `x-mcp-header` through `.meta()`: era-2026 clients mirror it into `Mcp-Param-Region`. */
export const RegionQuery = z.object({ region: z.string().min(2).meta({ 'x-mcp-header': 'Region' }) });

/** A thing as the service builds it: with a key no answer schema lists, which the answers must not carry. */
function thing(body: Record<string, unknown>, id: string): Record<string, unknown> {
  return { id, ...body, created_at: CREATED_AT, internal_note: 'not for clients' };
}

/** One service shared by the REST routes and the MCP tools: each schema is declared once, in the constants above. */
@Injectable()
export class ThingsService {
  @McpTool({ name: 'zod_thing_create', description: 'Creates a thing (Zod)', input: CreateZodThing, output: ZodThing })
  createZod(@McpArgs() body: z.output<typeof CreateZodThing>) {
    return thing(body, 'z1');
  }

  @McpTool({ name: 'valibot_thing_create', description: 'Creates a thing (Valibot)', output: ValibotThing })
  createValibot(@McpArgs({ schema: CreateValibotThing }) body: v.InferOutput<typeof ValibotThingFields>) {
    return thing(body, 'v1');
  }

  @McpTool({ name: 'ark_thing_create', description: 'Creates a thing (ArkType)', input: CreateArkThing, output: ArkThing })
  createArk(@McpArgs() body: typeof CreateArkThing.infer) {
    return thing(body, 'a1');
  }

  @McpTool({ name: 'zod_region_get', description: 'Echoes a region (Zod)', input: RegionQuery, annotations: { readOnlyHint: true } })
  region(@McpArgs() query: z.output<typeof RegionQuery>) {
    return { region: query.region };
  }

  /** Destructive: its arguments are validated by the schema before anyone is asked, and the confirmed call takes them as validated. */
  @McpTool({
    name: 'zod_thing_delete',
    description: 'Deletes a thing (Zod)',
    input: z.object({ id: z.string().trim().min(2) }),
    output: ZodThing,
    annotations: { destructiveHint: true },
  })
  remove(@McpArgs() args: { id: string }) {
    return thing({ name: 'gone', quantity: 0, tags: [] }, args.id);
  }

  /** A prompt's arguments validated by a schema too: trimmed, and refused with the pipe's messages. */
  @McpPrompt({ name: 'zod_thing_describe', arguments: [{ name: 'name', required: true }] })
  describe(@McpArgs({ schema: z.object({ name: z.string().trim().min(2) }) }) args: { name: string }) {
    return `Describe the thing named "${args.name}".`;
  }

  /** Answers without `created_at`, which its output schema requires: the route answers 500, the tool an internal error. */
  @McpTool({ name: 'zod_thing_broken', description: 'Answers less than its schema says', input: CreateZodThing, output: ZodThing })
  broken(@McpArgs() body: z.output<typeof CreateZodThing>) {
    const { created_at: _dropped, ...rest } = thing(body, 'z0');
    return rest;
  }
}

/** The REST side, as a Nest 12 application writes it: `@Body({ schema })` and `@SerializeOptions({ schema })`, the pipe installed globally. */
@Controller('api/v1/things')
@UseInterceptors(StandardSchemaSerializerInterceptor)
export class ThingsController {
  constructor(private readonly things: ThingsService) {}

  @Post('zod')
  @SerializeOptions({ schema: ZodThing })
  createZod(@Body({ schema: CreateZodThing }) body: z.output<typeof CreateZodThing>) {
    return this.things.createZod(body);
  }

  @Post('valibot')
  @SerializeOptions({ schema: ValibotThing })
  createValibot(@Body({ schema: CreateValibotThing }) body: v.InferOutput<typeof ValibotThingFields>) {
    return this.things.createValibot(body);
  }

  @Post('ark')
  @SerializeOptions({ schema: ArkThing })
  createArk(@Body({ schema: CreateArkThing }) body: typeof CreateArkThing.infer) {
    return this.things.createArk(body);
  }

  @Post('broken/:id')
  @SerializeOptions({ schema: ZodThing })
  broken(@Param('id', { schema: z.string().min(1) }) _id: string, @Body({ schema: CreateZodThing }) body: z.output<typeof CreateZodThing>) {
    return this.things.broken(body);
  }
}

@Module({ controllers: [ThingsController], providers: [ThingsService, FixtureVerifier], exports: [FixtureVerifier] })
class ThingsModule {}

/**
 * The fixture host of the Standard Schema specs: the same schemas behind a
 * route and a tool, and the same pipe options given to the route's global
 * `StandardSchemaValidationPipe` and to the module.
 */
export async function createStandardSchemaApp(pipeOptions: StandardSchemaValidationPipeOptions = {}): Promise<INestApplication> {
  const app = (await standardSchemaHostBuilder(pipeOptions).compile()).createNestApplication({ logger: false });
  app.useGlobalPipes(new StandardSchemaValidationPipe(pipeOptions));
  await app.listen(0, '127.0.0.1');
  return app;
}

function standardSchemaHostBuilder(pipeOptions: StandardSchemaValidationPipeOptions): TestingModuleBuilder {
  return Test.createTestingModule({
    imports: [
      ThingsModule,
      McpModule.forRootAsync({
        imports: [ThingsModule],
        inject: [FixtureVerifier],
        useFactory: (verifier: FixtureVerifier) => ({
          serverInfo: { name: 'standard-schema-fixture', version: '0.0.1' },
          verifier,
          publicUrl: 'http://127.0.0.1',
          standardSchemaValidation: pipeOptions,
        }),
      }),
    ],
  });
}

import { Injectable, Module } from '@nestjs/common';
import { Test, TestingModuleBuilder } from '@nestjs/testing';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsISO8601, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { McpArgs, McpCaller, McpContent, McpModule, McpTool } from '@kobana/mcp';
import type { McpCaller as Caller } from '@kobana/mcp';
import { FixtureVerifier } from './fixture.verifier';

export class NoteIdDto {
  @IsString()
  @MaxLength(20)
  id!: string;
}

/** A nested response class, nullable where it is used. */
export class NoteAuthorView {
  @IsString()
  subject!: string;
}

/** What the note tools answer: the response class their outputSchema is built from. */
export class NoteView {
  @IsString()
  id!: string;

  @IsString()
  organization_id!: string;

  @IsIn(['draft', 'published'])
  status!: 'draft' | 'published';

  @IsArray()
  @IsString({ each: true })
  tags!: string[];

  @IsInt()
  version!: number;

  @IsISO8601()
  @JSONSchema({ nullable: true })
  published_at!: string | null;

  @ValidateNested()
  @Type(() => NoteAuthorView)
  @JSONSchema({ nullable: true })
  author!: NoteAuthorView | null;

  @IsOptional()
  @IsString()
  summary?: string;
}

/** A return type TypeScript reports as it is (a synchronous method): the schema comes from it. */
export class NoteCountView {
  @IsInt()
  count!: number;
}

/** A class without validators: it says nothing about the JSON, so it gives no schema. */
export class PlainCount {
  count = 0;
}

/** What `note_drift` answers, depending on the kind of drift asked for. */
export class DriftDto extends NoteIdDto {
  @IsIn(['none', 'extra', 'missing', 'type'])
  drift!: 'none' | 'extra' | 'missing' | 'type';
}

function note(caller: Caller, id: string): NoteView {
  return {
    id,
    organization_id: caller.organization_id,
    status: 'draft',
    tags: ['a'],
    version: 1,
    published_at: null,
    author: { subject: caller.subject },
  };
}

/** Tools declaring their output every way the module supports, and ones that break it. */
@Injectable()
export class OutputTools {
  @McpTool({ name: 'note_get', title: 'Get a note', description: 'One note', output: NoteView, annotations: { readOnlyHint: true } })
  async get(@McpCaller() caller: Caller, @McpArgs() args: NoteIdDto): Promise<NoteView> {
    return note(caller, args.id);
  }

  @McpTool({ name: 'note_count', description: 'How many notes', annotations: { readOnlyHint: true } })
  count(): NoteCountView {
    return { count: 3 };
  }

  @McpTool({ name: 'note_drift', description: 'A note, changed as asked', output: NoteView })
  drift(@McpCaller() caller: Caller, @McpArgs() args: DriftDto): Record<string, unknown> {
    const { organization_id, ...rest } = note(caller, args.id);
    if (args.drift === 'extra') return { ...rest, organization_id, secret: 'x' };
    if (args.drift === 'missing') return rest;
    if (args.drift === 'type') return { ...rest, organization_id, version: '1' };
    return { ...rest, organization_id };
  }

  @McpTool({ name: 'note_erase', description: 'Erases a note', output: NoteView, annotations: { destructiveHint: true } })
  erase(@McpCaller() caller: Caller, @McpArgs() args: NoteIdDto): NoteView {
    return { ...note(caller, args.id), status: 'published', published_at: '2026-01-01T00:00:00.000Z' };
  }

  @McpTool({ name: 'note_text', description: 'Answers content blocks' })
  text(): McpContent {
    return McpContent.text('hello');
  }

  @McpTool({ name: 'note_plain', description: 'Returns a class without validators' })
  plain(): PlainCount {
    return { count: 1 };
  }

  @McpTool({ name: 'note_untyped', description: 'Declares no output' })
  untyped(): Record<string, unknown> {
    return { anything: true };
  }
}

@Module({ providers: [OutputTools, FixtureVerifier], exports: [FixtureVerifier] })
class OutputToolsModule {}

/** The fixture host of the output-schema specs. */
export function outputHostBuilder(): TestingModuleBuilder {
  return Test.createTestingModule({
    imports: [
      OutputToolsModule,
      McpModule.forRootAsync({
        imports: [OutputToolsModule],
        inject: [FixtureVerifier],
        useFactory: (verifier: FixtureVerifier) => ({
          serverInfo: { name: 'output-fixture', version: '0.0.1' },
          verifier,
          publicUrl: 'http://127.0.0.1',
        }),
      }),
    ],
  });
}

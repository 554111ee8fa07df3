import { Injectable, Type } from '@nestjs/common';
import { McpArgs, McpTool } from '@kobana/mcp';
import { IsString } from 'class-validator';
import { z } from 'zod';
import { EchoDto } from './echo.tool';

/** What a generated tool answers: its output schema, listed like a real tool's. */
export class GeneratedView {
  @IsString()
  tool!: string;

  @IsString()
  text!: string;
}

/** The echo's arguments as a Zod schema: `EchoDto`'s constraints, what a Nest 12 route would share with its tool. */
export const GeneratedArgs = z.object({ text: z.string().min(1).max(200), times: z.int().min(1).max(5).optional() });

/** `GeneratedView` as a Zod schema. */
export const GeneratedAnswer = z.object({ tool: z.string(), text: z.string() });

/** How the generated tools declare their schemas: classes (`list-10`, `list-200`) or Zod (`list-10-zod`, `list-200-zod`). */
export type GeneratedSchemas = 'class' | 'zod';

/**
 * A provider with `count` more tools, each with the echo's DTO as input and an output class (or
 * the same constraints as Zod schemas), built at start-up: what `tools/list` at 10 and at 200
 * tools is measured on.
 */
export function generatedToolsProvider(count: number, schemas: GeneratedSchemas = 'class'): Type<unknown> {
  @Injectable()
  class GeneratedTools {}
  for (let index = 0; index < count; index++) {
    const name = `generated_${String(index).padStart(3, '0')}`;
    const method = function (this: unknown, args: EchoDto) {
      return { tool: name, text: args.text };
    };
    Object.defineProperty(GeneratedTools.prototype, name, { value: method, writable: true, configurable: true });
    // What TypeScript would emit for `@McpArgs() args: EchoDto` on a written method (a Zod tool's type says nothing).
    Reflect.defineMetadata('design:paramtypes', [schemas === 'zod' ? Object : EchoDto], GeneratedTools.prototype, name);
    McpArgs()(GeneratedTools.prototype, name, 0);
    const descriptor = Object.getOwnPropertyDescriptor(GeneratedTools.prototype, name)!;
    const declared = schemas === 'zod' ? { input: GeneratedArgs, output: GeneratedAnswer } : { output: GeneratedView };
    McpTool({ name, description: `Generated tool ${index}: repeats the text`, ...declared, scopes: ['bench:read'] })(
      GeneratedTools.prototype,
      name,
      descriptor,
    );
  }
  return GeneratedTools;
}

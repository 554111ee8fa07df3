import { Injectable, Type } from '@nestjs/common';
import { McpArgs, McpTool } from '@kobana/mcp';
import { IsString } from 'class-validator';
import { EchoDto } from './echo.tool';

/** What a generated tool answers: its output schema, listed like a real tool's. */
export class GeneratedView {
  @IsString()
  tool!: string;

  @IsString()
  text!: string;
}

/**
 * A provider with `count` more tools, each with the echo's DTO as input and an output class, built
 * at start-up: what `tools/list` at 10 and at 200 tools is measured on.
 */
export function generatedToolsProvider(count: number): Type<unknown> {
  @Injectable()
  class GeneratedTools {}
  for (let index = 0; index < count; index++) {
    const name = `generated_${String(index).padStart(3, '0')}`;
    const method = function (this: unknown, args: EchoDto) {
      return { tool: name, text: args.text };
    };
    Object.defineProperty(GeneratedTools.prototype, name, { value: method, writable: true, configurable: true });
    // What TypeScript would emit for `@McpArgs() args: EchoDto` on a written method.
    Reflect.defineMetadata('design:paramtypes', [EchoDto], GeneratedTools.prototype, name);
    McpArgs()(GeneratedTools.prototype, name, 0);
    const descriptor = Object.getOwnPropertyDescriptor(GeneratedTools.prototype, name)!;
    McpTool({ name, description: `Generated tool ${index}: repeats the text`, output: GeneratedView, scopes: ['bench:read'] })(
      GeneratedTools.prototype,
      name,
      descriptor,
    );
  }
  return GeneratedTools;
}

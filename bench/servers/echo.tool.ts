import { Injectable } from '@nestjs/common';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import type { McpCaller as Caller } from '@kobana/mcp';

/** Arguments of the benchmark echo: the kinds of constraint a real DTO has. */
export class EchoDto {
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  text!: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(5)
  times?: number;
}

/** What the echo answers, through the route and through the tool alike. */
export class EchoView {
  @IsString()
  text!: string;

  @IsString()
  organization_id!: string;
}

/** The one service method both the plain route and the MCP tool call. */
@Injectable()
export class EchoService {
  @McpTool({
    name: 'echo',
    title: 'Echo',
    description: 'Repeats the text',
    scopes: ['bench:read'],
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  echo(@McpCaller() caller: Caller, @McpArgs() args: EchoDto): EchoView {
    return { text: args.text.repeat(args.times ?? 1), organization_id: caller.organization_id };
  }

  /**
   * The echo as a destructive tool: what the confirmation rows measure. It
   * never runs under the load (every call stops at the confirmation), so it
   * throws rather than pretend to erase anything.
   */
  @McpTool({
    name: 'echo_erase',
    title: 'Erase the echo',
    description: 'Asks for a confirmation, then fails: the benchmark only measures the asking',
    scopes: ['bench:read'],
    annotations: { destructiveHint: true, idempotentHint: true },
  })
  erase(): never {
    throw new Error('echo_erase ran without a confirmation');
  }
}

import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { McpArgs, McpCaller, McpContext, McpHeader, McpTool } from '@kobana/mcp';
import type { McpCallContext } from '@kobana/mcp';

/** Arguments of the echo tool: the kinds of constraint a real DTO has. */
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

/** A tool whose `region` argument is mirrored into `Mcp-Param-Region`. */
export class RegionDto {
  @IsString()
  @McpHeader('Region')
  region!: string;

  @IsOptional()
  @IsIn(['a', 'b'])
  mode?: string;
}

/** Counts effects, so tests can prove that nothing ran. */
@Injectable()
export class FixtureTools {
  calls = 0;

  @McpTool({
    name: 'echo',
    title: 'Echo',
    description: 'Repeats the text',
    scopes: ['fixture:read'],
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  echo(@McpCaller() caller: McpCaller, @McpArgs() args: EchoDto, @McpContext() context: McpCallContext) {
    this.calls++;
    return { text: args.text.repeat(args.times ?? 1), organization_id: caller.organization_id, era: context.era, at: new Date(0) };
  }

  @McpTool({ name: 'write_note', description: 'Writes a note (needs the write scope)', scopes: ['fixture:write'] })
  write(@McpArgs() args: EchoDto) {
    this.calls++;
    return { written: args.text };
  }

  @McpTool({ name: 'admin_only', description: 'Only admins may see or run it', roles: ['admin'] })
  adminOnly() {
    this.calls++;
    return { secret: 'admin' };
  }

  @McpTool({ name: 'region_lookup', description: 'Routes on region', input: RegionDto })
  region(@McpArgs() args: RegionDto) {
    return { region: args.region };
  }

  @McpTool({ name: 'fails', description: 'Fails the ways a service fails', annotations: { destructiveHint: true } })
  fails(@McpArgs() args: EchoDto) {
    if (args.text === 'missing') throw new NotFoundException('Note not found');
    if (args.text === 'conflict') throw new ConflictException({ error: 'conflict', message: 'Already exists' });
    throw new Error('database exploded at /srv/secret/path');
  }
}
